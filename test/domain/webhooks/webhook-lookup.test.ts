// The webhook agents' DNS lookups: those of one name made at the same time share one (sharedLookups).
import assert from 'node:assert/strict';
import type { LookupAddress } from 'node:dns';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import { Agent, request } from 'undici';
import { type LookupAll, sharedLookups, webhookLookup } from '../../../src/domain/webhooks/webhook-agent.js';

/** A resolver that answers on the next turn of the event loop, counting the names it was asked. */
function slowResolver(names: Record<string, LookupAddress[]>) {
  const asked: string[] = [];
  const resolve: LookupAll = (hostname, callback) => {
    asked.push(hostname);
    setImmediate(() => {
      const found = names[hostname];
      if (found) callback(null, found);
      else callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), []);
    });
  };
  return { asked, resolve };
}

function lookupAll(lookup: LookupAll, hostname: string) {
  return new Promise<{ err: NodeJS.ErrnoException | null; addresses: LookupAddress[] }>((resolve) =>
    lookup(hostname, (err, addresses) => resolve({ err, addresses })),
  );
}

test('lookups of one name made while one is under way share its answer, or its error; nothing is kept after', async () => {
  const address: LookupAddress = { address: '93.184.216.34', family: 4 };
  const { asked, resolve } = slowResolver({ 'shop.example': [address], 'other.example': [address] });
  const shared = sharedLookups(resolve);
  const answers = await Promise.all([
    ...Array.from({ length: 50 }, () => lookupAll(shared, 'shop.example')),
    lookupAll(shared, 'other.example'),
    ...Array.from({ length: 20 }, () => lookupAll(shared, 'missing.example')),
  ]);
  assert.deepEqual(asked.sort(), ['missing.example', 'other.example', 'shop.example']);
  for (const answer of answers.slice(0, 51)) assert.deepEqual(answer, { err: null, addresses: [address] });
  for (const answer of answers.slice(51)) assert.equal(answer.err?.code, 'ENOTFOUND');
  // Answered: the next lookup asks again (a name that failed may resolve now, a moved one elsewhere).
  await lookupAll(shared, 'shop.example');
  await lookupAll(shared, 'missing.example');
  assert.equal(asked.filter((name) => name === 'shop.example').length, 2);
  assert.equal(asked.filter((name) => name === 'missing.example').length, 2);
});

test('an agent on the webhook lookup opens its concurrent connections on one lookup; private targets only when allowed', async (t) => {
  const server = createServer((_req, res) => res.end('ok'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(() => server.close());
  const { port } = server.address() as AddressInfo;
  const { asked, resolve } = slowResolver({ 'receiver.example': [{ address: '127.0.0.1', family: 4 }] });
  const send = (agent: Agent) =>
    request(`http://receiver.example:${port}/hook`, { method: 'POST', body: '{}', dispatcher: agent });

  const allowing = new Agent({ connect: { lookup: webhookLookup(true, resolve) } });
  t.after(() => allowing.close());
  const answers = await Promise.all(Array.from({ length: 20 }, () => send(allowing)));
  for (const answer of answers) assert.equal(answer.statusCode, 200);
  await Promise.all(answers.map((answer) => answer.body.text()));
  assert.deepEqual(asked, ['receiver.example']);

  const refusing = new Agent({ connect: { lookup: webhookLookup(false, resolve) } });
  t.after(() => refusing.close());
  await assert.rejects(send(refusing), (err: Error) =>
    /not a public address/.test(`${err.message} ${(err.cause as Error | undefined)?.message}`),
  );
});
