// The private-address guard (DESIGN.md 5): when a URL is set, and at connection time after DNS.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Agent, request } from 'undici';
import { isPublicAddress } from '../../../src/domain/webhooks/public-address.js';
import { webhookLookup } from '../../../src/domain/webhooks/webhook-agent.js';
import {
  assertWebhookUrl,
  cachedResolver,
  type ResolveAll,
} from '../../../src/domain/webhooks/webhook-url.js';
import { startWebhookReceiver } from '../../helpers/webhook-receiver.js';

const strict = { allowPrivateWebhooks: false };
const names: Record<string, string[]> = {
  'loopback.example': ['127.0.0.1'],
  'private.example': ['93.184.216.34', '10.0.0.1'],
  'metadata.example': ['169.254.169.254'],
  'v6-loopback.example': ['::1'],
  'public.example': ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'],
};
const resolve: ResolveAll = async (host) => {
  const found = names[host];
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return found;
};

test('addresses: loopback, private, link-local, metadata and mapped forms are not public', () => {
  for (const address of [
    '127.0.0.1',
    '10.0.0.1',
    '172.16.5.4',
    '192.168.1.1',
    '169.254.169.254',
    '100.100.100.200',
    '0.0.0.0',
    '::1',
    '::',
    '::ffff:127.0.0.1',
    '::ffff:a00:1',
    'fd00:ec2::254',
    'fe80::1',
    // IPv4-translated (RFC 6145) forms of loopback and the metadata address: they passed the hand list.
    '::ffff:0:7f00:1',
    '::ffff:0:127.0.0.1',
    '::ffff:0:a9fe:a9fe',
    '::7f00:1',
    '64:ff9b::7f00:1',
    '2002:7f00:1::',
    '2001:db8::1',
    '255.255.255.255',
    '192.0.0.8',
  ]) {
    assert.equal(isPublicAddress(address), false, address);
  }
  for (const address of ['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700::1111', '::ffff:808:808']) {
    assert.equal(isPublicAddress(address), true, address);
  }
});

test('a URL pointing at 127.0.0.1, 10.0.0.1, 169.254.169.254 or [::1] is refused', async () => {
  for (const url of [
    'http://127.0.0.1/hook',
    'https://10.0.0.1/hook',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::1]:8080/hook',
    'http://[::ffff:127.0.0.1]/hook',
    'http://[::ffff:0:7f00:1]/hook',
    'http://[::ffff:0:0:0]/hook',
    'http://2130706433/hook',
  ]) {
    await assert.rejects(assertWebhookUrl(strict, '/webhookUrl', url, resolve), /loopback, private/, url);
  }
});

test('a name resolving to a private or metadata address (any of its addresses) is refused', async () => {
  for (const host of ['loopback.example', 'private.example', 'metadata.example', 'v6-loopback.example']) {
    await assert.rejects(
      assertWebhookUrl(strict, '/webhookUrl', `https://${host}/hook`, resolve),
      /loopback, private/,
      host,
    );
  }
  // The system resolver: localhost is loopback.
  await assert.rejects(
    assertWebhookUrl(strict, '/webhookUrl', 'http://localhost:9/hook'),
    /loopback, private/,
  );
});

test('a public name or address is accepted; a name that does not exist is refused; non-http is refused', async () => {
  await assertWebhookUrl(strict, '/webhookUrl', 'https://public.example/hook', resolve);
  await assertWebhookUrl(strict, '/webhookUrl', 'https://93.184.216.34/hook', resolve);
  await assert.rejects(
    assertWebhookUrl(strict, '/webhookUrl', 'https://nowhere.example/hook', resolve),
    /does not resolve/,
  );
  await assert.rejects(
    assertWebhookUrl(strict, '/webhookUrl', 'ftp://public.example/x', resolve),
    /http\(s\)/,
  );
  await assert.rejects(assertWebhookUrl(strict, '/webhookUrl', 'file:///etc/passwd', resolve), /http\(s\)/);
});

test('ALLOW_PRIVATE_WEBHOOKS turns the address check off, not the scheme check', async () => {
  const open = { allowPrivateWebhooks: true };
  await assertWebhookUrl(open, '/webhookUrl', 'http://127.0.0.1:8080/hook', resolve);
  await assertWebhookUrl(open, '/webhookUrl', 'http://loopback.example/hook', resolve);
  await assert.rejects(assertWebhookUrl(open, '/webhookUrl', 'gopher://127.0.0.1/', resolve), /http\(s\)/);
});

test('at connection time, a name that now resolves to loopback is refused before connecting', async (t) => {
  const receiver = await startWebhookReceiver(t);
  const port = new URL(receiver.url).port;
  // DNS rebinding: the name looked public when it was set, and resolves to 127.0.0.1 now.
  const agent = new Agent({
    connect: {
      lookup: webhookLookup(false, (host, callback) =>
        callback(null, host === 'rebound.example' ? [{ address: '127.0.0.1', family: 4 }] : []),
      ),
    },
  });
  t.after(() => agent.close());
  await assert.rejects(
    request(`http://rebound.example:${port}/hook`, { method: 'POST', body: '{}', dispatcher: agent }),
    (err: Error) =>
      /not a public address/.test(`${err.message} ${(err.cause as Error | undefined)?.message}`),
  );
  assert.equal(receiver.received.length, 0);
});

test('a webhook host resolved before the transaction is answered from the cache inside it; failures are not kept', async () => {
  let clock = 0;
  const asked: string[] = [];
  const counting: ResolveAll = async (host) => {
    asked.push(host);
    return resolve(host);
  };
  const cached = cachedResolver(counting, 30_000, () => clock);
  await assertWebhookUrl(strict, '/webhookUrl', 'https://public.example/hook', cached);
  await assertWebhookUrl(strict, '/webhookUrl', 'https://public.example/other', cached);
  assert.deepEqual(asked, ['public.example']);
  // A refused name is refused again from the cache: the answer, not the check, is what is kept.
  await assert.rejects(assertWebhookUrl(strict, '/webhookUrl', 'https://private.example/', cached));
  await assert.rejects(assertWebhookUrl(strict, '/webhookUrl', 'https://private.example/', cached));
  assert.deepEqual(asked, ['public.example', 'private.example']);
  // A name that did not resolve is asked again (it may exist by now).
  await assert.rejects(assertWebhookUrl(strict, '/webhookUrl', 'https://missing.example/', cached));
  await new Promise((resolve) => setImmediate(resolve));
  await assert.rejects(assertWebhookUrl(strict, '/webhookUrl', 'https://missing.example/', cached));
  assert.equal(asked.filter((host) => host === 'missing.example').length, 2);
  // After the time to live, the name is resolved again.
  clock += 30_001;
  await assertWebhookUrl(strict, '/webhookUrl', 'https://public.example/hook', cached);
  assert.equal(asked.filter((host) => host === 'public.example').length, 2);
});
