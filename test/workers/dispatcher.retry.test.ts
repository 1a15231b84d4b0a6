// Retry rules of API.md 8, with time moved by the clock, never by sleeping.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import { newId } from '../../src/domain/ids.js';
import { drainOutbox } from '../../src/workers/dispatcher.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { attemptsOf, eventRow, integrationWithReceiver, recordPaymentEvent } from '../helpers/events.js';
import { createIntegration, tenant } from '../helpers/fixtures.js';
import { startWebhookReceiver } from '../helpers/webhook-receiver.js';

const SECOND = 1000;

async function setUp(t: import('node:test').TestContext, isRetryWebhookEnabled: boolean) {
  const app = await buildTestApp(t);
  const receiver = await startWebhookReceiver(t);
  const { partner, company } = await tenant(app);
  const integration = await integrationWithReceiver(app, partner, company.id, receiver, {
    isRetryWebhookEnabled,
  });
  const eventId = await recordPaymentEvent(app, integration.id, newId(), 'paid');
  return { app, receiver, integration, eventId };
}

async function after(app: TestApp, ms: number) {
  app.clock.advance(ms);
  await drainOutbox(app.deps);
}

test('retries on: 500 then 200 is delivered by the 2nd attempt, 30 s later', async (t) => {
  const { app, receiver, eventId } = await setUp(t, true);
  receiver.respond((_w, attempt) => (attempt === 1 ? 500 : 200));
  await drainOutbox(app.deps);
  assert.equal(receiver.received.length, 1);
  const waiting = await eventRow(app, eventId);
  assert.equal(waiting.state, 'pending');
  assert.equal(waiting.attempts, 1);

  await after(app, 29 * SECOND);
  assert.equal(receiver.received.length, 1, 'not before 30 s');
  await after(app, 2 * SECOND);
  assert.equal(receiver.received.length, 2);
  assert.equal(receiver.received[1]!.id, eventId, 'same webhook-id on the retry');
  assert.equal(receiver.received[1]!.verified, true);
  assert.equal((await eventRow(app, eventId)).state, 'delivered');
  const attempts = await attemptsOf(app, eventId);
  assert.deepEqual(
    attempts.map((a) => [a.statusCode, a.outcome]),
    [
      [500, 'retry'],
      [200, 'delivered'],
    ],
  );
  assert.equal(attempts[0]!.error, null);
});

test('retries off: a 500 gets one attempt only', async (t) => {
  const { app, receiver, eventId } = await setUp(t, false);
  receiver.respond(() => 500);
  await drainOutbox(app.deps);
  await after(app, 3600 * SECOND);
  assert.equal(receiver.received.length, 1);
  const row = await eventRow(app, eventId);
  assert.equal(row.state, 'failed');
  assert.equal(row.last_error, 'HTTP 500');
});

test("retries on: after the spec's +30, +60, +120 s it keeps retrying on the long schedule until 3 days", async (t) => {
  const { app, receiver, eventId } = await setUp(t, true);
  receiver.respond(() => 503);
  await drainOutbox(app.deps);
  const schedule = [30, 60, 120, 600, 3600, 21_600, 86_400, 86_400, 60_390];
  assert.equal(
    schedule.reduce((sum, s) => sum + s, 0),
    3 * 86_400,
    'the last retry is 3 days after the first attempt',
  );
  for (const delay of schedule) {
    await after(app, (delay - 1) * SECOND);
    const before = receiver.received.length;
    await after(app, 2 * SECOND);
    assert.equal(receiver.received.length, before + 1, `retry after ${delay} s`);
  }
  await after(app, 30 * 86_400 * SECOND);
  assert.equal(receiver.received.length, 10);
  assert.ok(receiver.received.every((w) => w.id === eventId && w.verified));
  const attempts = await attemptsOf(app, eventId);
  assert.deepEqual(
    attempts.map((a) => a.outcome),
    [...Array<string>(9).fill('retry'), 'failed'],
  );
  assert.equal((await eventRow(app, eventId)).state, 'failed');
});

test('retries on: a receiver down for 2 days hears the event when it is back', async (t) => {
  const { app, receiver, eventId } = await setUp(t, true);
  let down = true;
  receiver.respond(() => (down ? 503 : 200));
  await drainOutbox(app.deps);
  for (let hour = 0; hour < 48; hour += 1) await after(app, 3600 * SECOND);
  assert.equal((await eventRow(app, eventId)).state, 'pending', 'still retrying after 2 days');
  down = false;
  await after(app, 86_400 * SECOND);
  assert.equal((await eventRow(app, eventId)).state, 'delivered');
  assert.equal(receiver.received.at(-1)!.id, eventId);
});

test('a 400 is final, even with retries on', async (t) => {
  const { app, receiver, eventId } = await setUp(t, true);
  receiver.respond(() => 400);
  await drainOutbox(app.deps);
  await after(app, 86_400 * SECOND);
  assert.equal(receiver.received.length, 1);
  assert.equal((await eventRow(app, eventId)).state, 'failed');
});

test('a network error is retried like a 5xx', async (t) => {
  const { app, receiver, eventId } = await setUp(t, true);
  await receiver.close();
  await drainOutbox(app.deps);
  const [attempt] = await attemptsOf(app, eventId);
  assert.equal(attempt!.statusCode, null);
  assert.match(attempt!.error ?? '', /ECONNREFUSED/);
  assert.equal(attempt!.outcome, 'retry');
});

test('a 2xx whose body is cut short is delivered: the event is not sent again', async (t) => {
  const app = await buildTestApp(t);
  const { partner, company } = await tenant(app);
  let requests = 0;
  // Answers 200, promises 1,000 bytes of body and drops the connection after 2.
  const server = createServer((_req, res) => {
    requests++;
    res.writeHead(200, { 'content-length': '1000' });
    res.write('ok', () => res.socket?.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(() => new Promise((resolve) => server.close(resolve)));
  const { port } = server.address() as AddressInfo;
  const integration = await createIntegration(app, partner, company.id, {
    webhookUrl: `http://127.0.0.1:${port}/hook`,
    isRetryWebhookEnabled: true,
  });
  const eventId = await recordPaymentEvent(app, integration.id, newId(), 'paid');
  await drainOutbox(app.deps);
  await after(app, 86_400 * SECOND);
  assert.equal(requests, 1);
  assert.equal((await eventRow(app, eventId)).state, 'delivered');
  const [attempt] = await attemptsOf(app, eventId);
  assert.equal(attempt!.statusCode, 200);
});

test('a redirect is not followed, and is final', async (t) => {
  const { app, receiver, eventId } = await setUp(t, true);
  receiver.respond(() => 307);
  await drainOutbox(app.deps);
  await after(app, 3600 * SECOND);
  assert.equal(receiver.received.length, 1);
  const [attempt] = await attemptsOf(app, eventId);
  assert.equal(attempt!.statusCode, 307);
  assert.match(attempt!.error ?? '', /redirects are not followed/);
});

test('a later event of the same payment waits for the earlier one; other payments do not', async (t) => {
  const { app, receiver, integration, eventId } = await setUp(t, true);
  const first = (await eventRow(app, eventId)).resource_id;
  const later = await recordPaymentEvent(app, integration.id, first, 'refunded');
  const other = await recordPaymentEvent(app, integration.id, newId(), 'paid');
  receiver.respond((_w, attempt) => (attempt === 1 && _w.id === eventId ? 500 : 200));
  await drainOutbox(app.deps);
  assert.deepEqual(
    receiver.received.map((w) => w.id),
    [eventId, other],
  );
  await after(app, 31 * SECOND);
  assert.deepEqual(
    receiver.received.map((w) => w.id),
    [eventId, other, eventId, later],
  );
});
