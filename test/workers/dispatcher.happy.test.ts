import assert from 'node:assert/strict';
import { test } from 'node:test';
import { newId } from '../../src/domain/ids.js';
import { drainOutbox } from '../../src/workers/dispatcher.js';
import { buildTestApp } from '../helpers/app.js';
import {
  attemptsOf,
  eventRow,
  integrationWithReceiver,
  paymentData,
  paymentEventPayload,
  recordPaymentEvent,
} from '../helpers/events.js';
import { tenant } from '../helpers/fixtures.js';
import { startWebhookReceiver } from '../helpers/webhook-receiver.js';

test('each event reaches the receiver once, signed (standardwebhooks verifies), in order per resource', async (t) => {
  const app = await buildTestApp(t);
  const receiver = await startWebhookReceiver(t);
  const { partner, company } = await tenant(app);
  const integration = await integrationWithReceiver(app, partner, company.id, receiver);
  const payments = [newId(), newId(), newId()];
  const statuses = ['sent', 'pending', 'paid'];
  const ids: string[] = [];
  for (const status of statuses) {
    for (const payment of payments) ids.push(await recordPaymentEvent(app, integration.id, payment, status));
  }
  // Make the receiver slow for the first event of each payment: order must hold anyway.
  receiver.respond(async (webhook) => {
    if (webhook.body.data.status === 'sent') await new Promise((r) => setTimeout(r, 30));
    return 200;
  });

  await drainOutbox(app.deps);

  assert.equal(receiver.received.length, ids.length);
  assert.deepEqual(new Set(receiver.received.map((w) => w.id)), new Set(ids));
  for (const webhook of receiver.received) {
    assert.equal(webhook.verified, true, 'signature verifies with the integration webhookSecret');
    assert.equal(webhook.body.eventId, webhook.id, 'webhook-id is the event id');
    assert.ok(Math.abs(webhook.timestamp - Date.now() / 1000) < 60);
  }
  for (const payment of payments) {
    const seen = receiver.received.filter((w) => w.body.data.id === payment).map((w) => w.body.data.status);
    assert.deepEqual(seen, statuses, `order of payment ${payment}`);
  }
  const row = await eventRow(app, ids[0]!);
  assert.equal(row.state, 'delivered');
  assert.equal(row.lease_owner, null);
  const attempts = await attemptsOf(app, ids[0]!);
  assert.equal(attempts.length, 1);
  assert.equal(attempts[0]!.statusCode, 200);
  assert.equal(attempts[0]!.outcome, 'delivered');
  assert.ok(attempts[0]!.latencyMs >= 0);

  // Nothing is due any more: a second drain sends nothing.
  await drainOutbox(app.deps);
  assert.equal(receiver.received.length, ids.length);
});

test('an event rolled back with its transaction is never sent', async (t) => {
  const app = await buildTestApp(t);
  const receiver = await startWebhookReceiver(t);
  const { partner, company } = await tenant(app);
  const integration = await integrationWithReceiver(app, partner, company.id, receiver);
  const { recordEvent } = await import('../../src/domain/events/outbox.js');
  await assert.rejects(
    app.deps.db.transaction().execute(async (trx) => {
      await recordEvent(trx, app.deps.clock.now(), {
        destination: { kind: 'integration', integrationId: integration.id },
        eventName: 'payment.status_updated',
        resourceType: 'payment',
        resourceId: newId(),
        payload: paymentEventPayload(newId(), app.deps.clock.now(), paymentData(newId(), 'sent')),
      });
      throw new Error('the change failed');
    }),
    /the change failed/,
  );
  await drainOutbox(app.deps);
  assert.equal(receiver.received.length, 0);
});
