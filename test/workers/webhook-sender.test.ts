// The dispatcher's webhook sender (src/workers/webhook-sender.ts): from the event loop while sends are
// few, from a thread of its own once they are many, with the same answers either way.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { newWebhookSecret } from '../../src/domain/secrets.js';
import { WebhookSender } from '../../src/workers/webhook-sender.js';
import { freePort } from '../helpers/listening-app.js';
import { startWebhookReceiver } from '../helpers/webhook-receiver.js';

const log = { info() {}, warn() {}, error() {} };
const event = (id: string) => ({ id, payload: JSON.stringify({ type: 'payment.updated', id }) });

async function receiver(t: import('node:test').TestContext) {
  const r = await startWebhookReceiver(t);
  r.expectMismatches();
  const secret = newWebhookSecret();
  r.setSecret('/hook', secret);
  return { r, target: { url: r.urlFor('/hook'), secrets: [secret] } };
}

test('while sends are few they go from the event loop, signed, and no thread is started', async (t) => {
  const { r, target } = await receiver(t);
  const sender = new WebhookSender({ allowPrivate: true, log, threadFrom: 1_000 });
  t.after(() => sender.close());
  const result = await sender.send(target, event('evt_1'));
  assert.equal(result.verdict, 'delivered');
  assert.equal(sender.threaded, false);
  assert.deepEqual(
    r.received.map((w) => [w.id, w.verified]),
    [['evt_1', true]],
  );
});

test('once sends are many they go from the thread, with the answers sendWebhook gives', async (t) => {
  const { r, target } = await receiver(t);
  r.respond((webhook) => (webhook.id === 'evt_500' ? 500 : webhook.id === 'evt_404' ? 404 : 200));
  const sender = new WebhookSender({ allowPrivate: true, log, threadFrom: 2 });
  t.after(() => sender.close());
  // The second send of the second starts the thread (it still goes from here); the rest go through it.
  await Promise.all([sender.send(target, event('evt_a')), sender.send(target, event('evt_b'))]);
  assert.equal(sender.threaded, true);

  // Nobody listens there (below the ephemeral range, so no outgoing connection takes it meanwhile).
  const closed = `http://127.0.0.1:${await freePort()}/hook`;
  // The private-address guard holds in the thread as on the event loop (the first send starts the thread).
  const strict = new WebhookSender({ allowPrivate: false, log, threadFrom: 1 });
  t.after(() => strict.close());
  assert.equal((await strict.send(target, event('evt_private_1'))).verdict, 'final');
  assert.equal(strict.threaded, true);
  const ids = Array.from({ length: 50 }, (_, i) => `evt_${i + 1000}`);
  const [delivered, failing, refused, down] = await Promise.all([
    Promise.all(ids.map((id) => sender.send(target, event(id)))),
    Promise.all([sender.send(target, event('evt_500')), sender.send(target, event('evt_404'))]),
    strict.send(target, event('evt_private_2')),
    sender.send({ ...target, url: closed }, event('evt_down')),
  ]);
  assert.equal(sender.threaded, true);
  assert.ok(delivered.every((result) => result.verdict === 'delivered' && result.statusCode === 200));
  assert.deepEqual(
    failing.map((result) => [result.statusCode, result.verdict]),
    [
      [500, 'retryable'],
      [404, 'final'],
    ],
  );
  assert.equal(refused.verdict, 'final');
  assert.match(refused.error ?? '', /not a public address/);
  assert.equal(down.statusCode, null);
  assert.equal(down.verdict, 'retryable');
  assert.match(down.error ?? '', /ECONNREFUSED/);
  // Signed in the thread with the same secret: each verifies at the receiver.
  const got = new Map(r.received.map((w) => [w.id, w.verified]));
  for (const id of ids) assert.equal(got.get(id), true, id);
});

test('closing waits for the sends in flight and those just handed over; later sends go from the event loop', async (t) => {
  const { r, target } = await receiver(t);
  r.respond(() => new Promise((resolve) => setTimeout(() => resolve(200), 300)));
  const sender = new WebhookSender({ allowPrivate: true, log, threadFrom: 1 });
  t.after(() => sender.close());
  await sender.send(target, event('evt_first'));
  assert.equal(sender.threaded, true);
  const slow = sender.send(target, event('evt_slow'));
  await new Promise((resolve) => setTimeout(resolve, 50));
  // Handed over in this turn, not yet posted to the thread when close() is called.
  const queued = sender.send(target, event('evt_queued'));
  const closing = sender.close();
  assert.equal(sender.threaded, false, 'closing: no more sends to the thread');
  const meanwhile = sender.send(target, event('evt_meanwhile'));
  await closing;
  // Answered by the receiver, not lost with the thread.
  assert.deepEqual(
    (await Promise.all([slow, queued, meanwhile])).map((result) => result.verdict),
    ['delivered', 'delivered', 'delivered'],
  );
  assert.equal(sender.threaded, false);
  assert.deepEqual(r.received.map((w) => w.id).sort(), [
    'evt_first',
    'evt_meanwhile',
    'evt_queued',
    'evt_slow',
  ]);
});
