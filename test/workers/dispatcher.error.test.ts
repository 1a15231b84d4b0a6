// Events with nowhere to go, and the long retry schedule of partner webhooks.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { recordEvent } from '../../src/domain/events/outbox.js';
import { newId } from '../../src/domain/ids.js';
import { drainOutbox } from '../../src/workers/dispatcher.js';
import { buildTestApp } from '../helpers/app.js';
import {
  attemptsOf,
  bankAccountEventPayload,
  companyVerificationPayload,
  eventRow,
  integrationWithReceiver,
  recordPaymentEvent,
} from '../helpers/events.js';
import { tenant } from '../helpers/fixtures.js';
import { startWebhookReceiver } from '../helpers/webhook-receiver.js';

const SECOND = 1000;

function recordPartnerEvent(app: Awaited<ReturnType<typeof buildTestApp>>, partnerId: string) {
  return app.deps.db.transaction().execute((trx) =>
    recordEvent(trx, app.deps.clock.now(), {
      destination: { kind: 'partner', partnerId },
      eventName: 'company_verification_status_update',
      resourceType: 'company',
      resourceId: newId(),
      payload: companyVerificationPayload(newId()),
    }),
  );
}

test('a partner without a webhook URL: the event is recorded and skipped', async (t) => {
  const app = await buildTestApp(t);
  const { partner } = await tenant(app);
  const id = await recordPartnerEvent(app, partner.id);
  await drainOutbox(app.deps);
  const row = await eventRow(app, id);
  assert.equal(row.state, 'skipped');
  assert.equal(row.last_error, 'the partner has no webhook URL');
  assert.equal((await attemptsOf(app, id)).length, 0);
});

test('a webhook of a deleted integration is skipped', async (t) => {
  const app = await buildTestApp(t);
  const receiver = await startWebhookReceiver(t);
  const { partner, company } = await tenant(app);
  const integration = await integrationWithReceiver(app, partner, company.id, receiver);
  const id = await recordPaymentEvent(app, integration.id, newId(), 'paid');
  const deleted = await app.call({
    method: 'DELETE',
    url: `/terminal/v1/companies/${company.id}/integrations/${integration.id}`,
    headers: partner.terminalHeaders,
  });
  assert.equal(deleted.statusCode, 200);
  await drainOutbox(app.deps);
  assert.equal(receiver.received.length, 0);
  assert.equal((await eventRow(app, id)).state, 'skipped');
});

test('recording an event for an integration that does not exist is a bug, and throws', async (t) => {
  const app = await buildTestApp(t);
  await assert.rejects(
    recordEvent(app.deps.db, app.deps.clock.now(), {
      destination: { kind: 'integration', integrationId: newId() },
      eventName: 'payment.status_updated',
      resourceType: 'payment',
      resourceId: newId(),
      payload: {},
    }),
    /no integration/,
  );
});

test('partner webhooks follow the long schedule: 30 s, 60 s, 120 s, 10 min, 1 h, 6 h, then daily up to 3 days', async (t) => {
  const app = await buildTestApp(t);
  const receiver = await startWebhookReceiver(t);
  const { partner } = await tenant(app);
  const settings = await app.call({
    method: 'PUT',
    url: '/partner/v1/settings',
    headers: partner.partnerHeaders,
    payload: { webhookUrl: receiver.urlFor('/partner') },
  });
  assert.equal(settings.statusCode, 200, settings.body);
  receiver.setSecret('/partner', settings.json().data.webhookSecret);
  receiver.respond(() => 502);
  const id = await recordPartnerEvent(app, partner.id);
  await drainOutbox(app.deps);
  for (const delay of [30, 60, 120, 600, 3600, 21_600, 86_400, 86_400, 60_390]) {
    app.clock.advance((delay - 1) * SECOND);
    await drainOutbox(app.deps);
    const before = receiver.received.length;
    app.clock.advance(2 * SECOND);
    await drainOutbox(app.deps);
    assert.equal(receiver.received.length, before + 1, `retry after ${delay} s`);
  }
  app.clock.advance(30 * 86_400 * SECOND);
  await drainOutbox(app.deps);
  assert.equal(receiver.received.length, 10);
  assert.ok(receiver.received.every((w) => w.verified && w.id === id));
  assert.equal((await eventRow(app, id)).state, 'failed');
});

test('bank-account webhooks of an integration destination also follow the long schedule', async (t) => {
  const app = await buildTestApp(t);
  const receiver = await startWebhookReceiver(t);
  const { partner, company } = await tenant(app);
  const integration = await integrationWithReceiver(app, partner, company.id, receiver);
  receiver.respond(() => 500);
  const id = await recordEvent(app.deps.db, app.deps.clock.now(), {
    destination: { kind: 'integration', integrationId: integration.id },
    eventName: 'status-update',
    resourceType: 'bank_account',
    resourceId: newId(),
    payload: bankAccountEventPayload(company.id),
  });
  await drainOutbox(app.deps);
  app.clock.advance(31 * SECOND);
  await drainOutbox(app.deps);
  assert.equal(receiver.received.length, 2, 'retried although the integration has retries off');
  assert.equal((await eventRow(app, id)).state, 'pending');
});
