// The merchant's webhook delivery log (API.md 8): its integration's webhooks, paged as group A lists,
// and a redelivery with the same webhook-id.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { newId } from '../../../src/domain/ids.js';
import { drainOutbox } from '../../../src/workers/dispatcher.js';
import { buildTestApp } from '../../helpers/app.js';
import { integrationWithReceiver, recordPaymentEvent } from '../../helpers/events.js';
import { tenant } from '../../helpers/fixtures.js';
import { startWebhookReceiver } from '../../helpers/webhook-receiver.js';

test("the log lists the integration's webhooks newest first, as a bare array with X-Total-Count", async (t) => {
  const app = await buildTestApp(t);
  const receiver = await startWebhookReceiver(t);
  const { partner, company } = await tenant(app);
  const integration = await integrationWithReceiver(app, partner, company.id, receiver, {
    isRetryWebhookEnabled: true,
  });
  const sibling = await integrationWithReceiver(app, partner, company.id, receiver);
  const first = await recordPaymentEvent(app, integration.id, newId(), 'pending');
  app.clock.advance(1000);
  const second = await recordPaymentEvent(app, integration.id, newId(), 'paid');
  await recordPaymentEvent(app, sibling.id, newId(), 'paid');
  receiver.respond((w, attempt) => (w.id === second && attempt === 1 ? 500 : 200));
  await drainOutbox(app.deps);

  const res = await app.call({
    method: 'GET',
    url: '/merchant/v1/webhook-deliveries',
    headers: integration.merchantHeaders,
  });
  assert.equal(res.statusCode, 200, res.body);
  assert.equal(res.headers['x-total-count'], '2', 'the sibling integration is not counted');
  const docs = res.json();
  assert.deepEqual(
    docs.map((d: { id: string }) => d.id),
    [second, first],
  );
  assert.equal(docs[0].status, 'pending');
  assert.match(docs[0].nextAttemptAt, /Z$/);
  assert.deepEqual(docs[0].destination, { kind: 'integration', integrationId: integration.id });
  assert.deepEqual(
    docs[0].attempts.map((a: { statusCode: number; outcome: string }) => [a.statusCode, a.outcome]),
    [[500, 'retry']],
  );
  assert.equal(docs[1].status, 'delivered');

  const paged = await app.call({
    method: 'GET',
    url: '/merchant/v1/webhook-deliveries?page=2&limit=1',
    headers: integration.merchantHeaders,
  });
  assert.equal(paged.headers['x-total-count'], '2');
  assert.deepEqual(
    paged.json().map((d: { id: string }) => d.id),
    [first],
  );
});

test('redeliver sends a finished webhook again with the same webhook-id; a pending one is a 409', async (t) => {
  const app = await buildTestApp(t);
  const receiver = await startWebhookReceiver(t);
  const { partner, company } = await tenant(app);
  const integration = await integrationWithReceiver(app, partner, company.id, receiver);
  const id = await recordPaymentEvent(app, integration.id, newId(), 'paid');
  receiver.respond((_w, attempt) => (attempt === 1 ? 500 : 200));
  await drainOutbox(app.deps);

  const url = `/merchant/v1/webhook-deliveries/${id}/redeliver`;
  const res = await app.call({ method: 'POST', url, headers: integration.merchantHeaders });
  assert.equal(res.statusCode, 200, res.body);
  assert.equal(res.json().saved, true);
  assert.equal(res.json().result.status, 'pending');
  const again = await app.call({ method: 'POST', url, headers: integration.merchantHeaders });
  assert.equal(again.statusCode, 409);
  assert.equal(again.json().code, 'invalid_state');

  await drainOutbox(app.deps);
  assert.deepEqual(
    receiver.received.map((w) => [w.id, w.verified]),
    [
      [id, true],
      [id, true],
    ],
  );
  const log = await app.call({
    method: 'GET',
    url: '/merchant/v1/webhook-deliveries',
    headers: integration.merchantHeaders,
  });
  assert.equal(log.json()[0].status, 'delivered');
  assert.equal(log.json()[0].attemptCount, 2);
});
