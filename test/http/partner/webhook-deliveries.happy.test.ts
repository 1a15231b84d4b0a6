import assert from 'node:assert/strict';
import { test } from 'node:test';
import { recordEvent } from '../../../src/domain/events/outbox.js';
import { newId } from '../../../src/domain/ids.js';
import { drainOutbox } from '../../../src/workers/dispatcher.js';
import { buildTestApp } from '../../helpers/app.js';
import {
  integrationWithReceiver,
  partnerBankAccountPayload,
  recordPaymentEvent,
} from '../../helpers/events.js';
import { tenant } from '../../helpers/fixtures.js';
import { startWebhookReceiver } from '../../helpers/webhook-receiver.js';

test('the log shows every webhook of the partner and of its integrations, newest first, with every attempt', async (t) => {
  const app = await buildTestApp(t);
  const receiver = await startWebhookReceiver(t);
  const { partner, company } = await tenant(app);
  const integration = await integrationWithReceiver(app, partner, company.id, receiver, {
    isRetryWebhookEnabled: true,
  });
  const paymentId = newId();
  const paymentEvent = await recordPaymentEvent(app, integration.id, paymentId, 'paid');
  app.clock.advance(1000);
  const partnerEvent = await recordEvent(app.deps.db, app.deps.clock.now(), {
    destination: { kind: 'partner', partnerId: partner.id },
    eventName: 'bank_account_status_update',
    resourceType: 'bank_account',
    resourceId: newId(),
    payload: partnerBankAccountPayload(newId()),
  });
  receiver.respond((_w, attempt) => (attempt === 1 ? 500 : 204));
  await drainOutbox(app.deps);
  app.clock.advance(31_000);
  await drainOutbox(app.deps);

  const res = await app.call({
    method: 'GET',
    url: '/partner/v1/webhook-deliveries?limit=10',
    headers: partner.partnerHeaders,
  });
  assert.equal(res.statusCode, 200, res.body);
  const data = res.json().data;
  assert.deepEqual(
    { ...data, docs: undefined },
    {
      totalDocs: 2,
      limit: 10,
      totalPages: 1,
      page: 1,
      pagingCounter: 1,
      hasPrevPage: false,
      hasNextPage: false,
      prevPage: null,
      nextPage: null,
      docs: undefined,
    },
  );
  const [skipped, delivered] = data.docs;
  assert.equal(skipped.id, partnerEvent);
  assert.equal(skipped.status, 'skipped');
  assert.equal(skipped.lastError, 'the partner has no webhook URL');
  assert.deepEqual(skipped.destination, { kind: 'partner' });
  assert.deepEqual(skipped.attempts, []);

  assert.equal(delivered.id, paymentEvent);
  assert.equal(delivered.eventName, 'payment.status_updated');
  assert.equal(delivered.resourceType, 'payment');
  assert.equal(delivered.resourceId, paymentId);
  assert.deepEqual(delivered.destination, { kind: 'integration', integrationId: integration.id });
  assert.equal(delivered.status, 'delivered');
  assert.equal(delivered.attemptCount, 2);
  assert.equal(delivered.nextAttemptAt, null);
  assert.equal(delivered.payload.data.id, paymentId);
  assert.deepEqual(
    delivered.attempts.map((a: { statusCode: number; outcome: string }) => [a.statusCode, a.outcome]),
    [
      [500, 'retry'],
      [204, 'delivered'],
    ],
  );
  for (const attempt of delivered.attempts) {
    assert.equal(attempt.url, receiver.urlFor(receiver.received[0]!.path));
    assert.match(attempt.attemptedAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    assert.equal(typeof attempt.latencyMs, 'number');
    assert.equal(attempt.error, null);
  }

  const second = await app.call({
    method: 'GET',
    url: '/partner/v1/webhook-deliveries?page=2&limit=1',
    headers: partner.partnerHeaders,
  });
  assert.deepEqual(
    second.json().data.docs.map((d: { id: string }) => d.id),
    [paymentEvent],
  );
  assert.equal(second.json().data.prevPage, 1);
});

test('redeliver sends a finished webhook again with the same webhook-id', async (t) => {
  const app = await buildTestApp(t);
  const receiver = await startWebhookReceiver(t);
  const { partner, company } = await tenant(app);
  const integration = await integrationWithReceiver(app, partner, company.id, receiver);
  const id = await recordPaymentEvent(app, integration.id, newId(), 'paid');
  receiver.respond((_w, attempt) => (attempt === 1 ? 500 : 200));
  await drainOutbox(app.deps);

  const res = await app.call({
    method: 'POST',
    url: `/partner/v1/webhook-deliveries/${id}/redeliver`,
    headers: partner.partnerHeaders,
  });
  assert.equal(res.statusCode, 200, res.body);
  assert.equal(res.json().data.status, 'pending');
  assert.equal(res.json().data.attemptCount, 1);

  const pending = await app.call({
    method: 'POST',
    url: `/partner/v1/webhook-deliveries/${id}/redeliver`,
    headers: partner.partnerHeaders,
  });
  assert.equal(pending.statusCode, 409, 'already on its way');
  assert.equal(pending.json().code, 'invalid_state');

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
    url: '/partner/v1/webhook-deliveries',
    headers: partner.partnerHeaders,
  });
  assert.equal(log.json().data.docs[0].status, 'delivered');
  assert.equal(log.json().data.docs[0].attemptCount, 2);

  // A delivered webhook redelivered keeps the attempt that delivered it, and adds the new round's.
  const again = await app.call({
    method: 'POST',
    url: `/partner/v1/webhook-deliveries/${id}/redeliver`,
    headers: partner.partnerHeaders,
  });
  assert.equal(again.statusCode, 200, again.body);
  assert.equal(again.json().data.status, 'pending');
  assert.equal(again.json().data.attemptCount, 2);
  await drainOutbox(app.deps);
  const relog = await app.call({
    method: 'GET',
    url: '/partner/v1/webhook-deliveries',
    headers: partner.partnerHeaders,
  });
  const redelivered = relog.json().data.docs[0];
  assert.equal(redelivered.status, 'delivered');
  assert.deepEqual(
    redelivered.attempts.map((a: { statusCode: number; outcome: string }) => [a.statusCode, a.outcome]),
    [
      [500, 'failed'],
      [200, 'delivered'],
      [200, 'delivered'],
    ],
  );
  assert.equal(receiver.received.length, 3);
});
