// Retry rules of API.md 8, with time moved by the clock, never by sleeping.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { newId } from '../../src/domain/ids.js';
import { drainOutbox } from '../../src/workers/dispatcher.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { attemptsOf, eventRow, integrationWithReceiver, recordPaymentEvent } from '../helpers/events.js';
import { tenant } from '../helpers/fixtures.js';
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
    attempts.map((a) => [a.status_code, a.outcome]),
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

test('retries on: 4 failures are 4 attempts at +30, +60, +120 s, and no 5th', async (t) => {
  const { app, receiver, eventId } = await setUp(t, true);
  receiver.respond(() => 503);
  await drainOutbox(app.deps);
  for (const delay of [30, 60, 120]) {
    await after(app, (delay - 1) * SECOND);
    const before = receiver.received.length;
    await after(app, 2 * SECOND);
    assert.equal(receiver.received.length, before + 1, `retry after ${delay} s`);
  }
  await after(app, 86_400 * SECOND);
  assert.equal(receiver.received.length, 4);
  const attempts = await attemptsOf(app, eventId);
  assert.deepEqual(
    attempts.map((a) => a.outcome),
    ['retry', 'retry', 'retry', 'failed'],
  );
  assert.equal((await eventRow(app, eventId)).state, 'failed');
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
  assert.equal(attempt!.status_code, null);
  assert.match(attempt!.error ?? '', /ECONNREFUSED/);
  assert.equal(attempt!.outcome, 'retry');
});

test('a redirect is not followed, and is final', async (t) => {
  const { app, receiver, eventId } = await setUp(t, true);
  receiver.respond(() => 307);
  await drainOutbox(app.deps);
  await after(app, 3600 * SECOND);
  assert.equal(receiver.received.length, 1);
  const [attempt] = await attemptsOf(app, eventId);
  assert.equal(attempt!.status_code, 307);
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
