// A merchant reads and redelivers only its own integration's webhooks: another integration's, even of
// the same company, and the partner's own are 404s, as existence never leaks (API.md 1.1).
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

test('the log needs the merchant credential: none, a wrong secret or a partner key is a 401', async (t) => {
  const app = await buildTestApp(t);
  const { partner, company } = await tenant(app);
  const receiver = await startWebhookReceiver(t);
  const integration = await integrationWithReceiver(app, partner, company.id, receiver);
  const id = await recordPaymentEvent(app, integration.id, newId(), 'paid');
  await drainOutbox(app.deps);
  for (const headers of [
    {},
    partner.partnerHeaders,
    { 'integration-id': integration.id, 'secret-key': '00000000-0000-4000-8000-000000000000' },
  ]) {
    const list = await app.call({ method: 'GET', url: '/merchant/v1/webhook-deliveries', headers });
    assert.equal(list.statusCode, 401, JSON.stringify(headers));
    assert.equal(list.json().code, 'unauthorized');
    const redeliver = await app.call({
      method: 'POST',
      url: `/merchant/v1/webhook-deliveries/${id}/redeliver`,
      headers,
    });
    assert.equal(redeliver.statusCode, 401);
  }
  const tooMany = await app.call({
    method: 'GET',
    url: '/merchant/v1/webhook-deliveries?limit=1001',
    headers: integration.merchantHeaders,
  });
  assert.equal(tooMany.statusCode, 400);
});

test("another tenant's, another integration's and the partner's own webhooks are out of reach (404)", async (t) => {
  const app = await buildTestApp(t);
  const receiver = await startWebhookReceiver(t);
  const one = await tenant(app, 'One');
  const two = await tenant(app, 'Two');
  const mine = await integrationWithReceiver(app, one.partner, one.company.id, receiver);
  const sibling = await integrationWithReceiver(app, one.partner, one.company.id, receiver);
  const stranger = await integrationWithReceiver(app, two.partner, two.company.id, receiver);
  const strangers = await recordPaymentEvent(app, stranger.id, newId(), 'paid');
  const siblings = await recordPaymentEvent(app, sibling.id, newId(), 'paid');
  const partners = await recordEvent(app.deps.db, app.deps.clock.now(), {
    destination: { kind: 'partner', partnerId: one.partner.id },
    eventName: 'bank_account_status_update',
    resourceType: 'bank_account',
    resourceId: newId(),
    payload: partnerBankAccountPayload(newId()),
  });
  await drainOutbox(app.deps);

  const list = await app.call({
    method: 'GET',
    url: '/merchant/v1/webhook-deliveries',
    headers: mine.merchantHeaders,
  });
  assert.equal(list.statusCode, 200);
  assert.deepEqual(list.json(), []);
  assert.equal(list.headers['x-total-count'], '0');
  for (const id of [strangers, siblings, partners, newId(), 'not-an-id']) {
    const res = await app.call({
      method: 'POST',
      url: `/merchant/v1/webhook-deliveries/${id}/redeliver`,
      headers: mine.merchantHeaders,
    });
    assert.equal(res.statusCode, 404, id);
    assert.equal(res.json().code, 'not_found');
  }
  const received = receiver.received.length;
  await drainOutbox(app.deps);
  assert.equal(receiver.received.length, received, 'nothing was sent again');
});
