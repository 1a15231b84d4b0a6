import assert from 'node:assert/strict';
import { test } from 'node:test';
import { newId } from '../../../src/domain/ids.js';
import { drainOutbox } from '../../../src/workers/dispatcher.js';
import { buildTestApp } from '../../helpers/app.js';
import { integrationWithReceiver, recordPaymentEvent } from '../../helpers/events.js';
import { tenant } from '../../helpers/fixtures.js';
import { startWebhookReceiver } from '../../helpers/webhook-receiver.js';

test("a partner sees only its own deliveries; another partner's is a 404 to redeliver", async (t) => {
  const app = await buildTestApp(t);
  const receiver = await startWebhookReceiver(t);
  const one = await tenant(app, 'One');
  const two = await tenant(app, 'Two');
  const integration = await integrationWithReceiver(app, one.partner, one.company.id, receiver);
  const id = await recordPaymentEvent(app, integration.id, newId(), 'paid');
  await drainOutbox(app.deps);

  const theirs = await app.call({
    method: 'GET',
    url: '/partner/v1/webhook-deliveries',
    headers: two.partner.partnerHeaders,
  });
  assert.equal(theirs.statusCode, 200);
  assert.equal(theirs.json().data.totalDocs, 0);
  const redeliver = await app.call({
    method: 'POST',
    url: `/partner/v1/webhook-deliveries/${id}/redeliver`,
    headers: two.partner.partnerHeaders,
  });
  assert.equal(redeliver.statusCode, 404);
  const unknown = await app.call({
    method: 'POST',
    url: `/partner/v1/webhook-deliveries/${newId()}/redeliver`,
    headers: one.partner.partnerHeaders,
  });
  assert.equal(unknown.statusCode, 404);
  const malformed = await app.call({
    method: 'POST',
    url: '/partner/v1/webhook-deliveries/nope/redeliver',
    headers: one.partner.partnerHeaders,
  });
  assert.equal(malformed.statusCode, 404);
});

test('the log needs the apisecret, and a limit over 100 is a 400', async (t) => {
  const app = await buildTestApp(t);
  const { partner } = await tenant(app);
  const anonymous = await app.call({ method: 'GET', url: '/partner/v1/webhook-deliveries' });
  assert.equal(anonymous.statusCode, 401);
  const terminal = await app.call({
    method: 'GET',
    url: '/partner/v1/webhook-deliveries',
    headers: partner.terminalHeaders,
  });
  assert.equal(terminal.statusCode, 401);
  const tooMany = await app.call({
    method: 'GET',
    url: '/partner/v1/webhook-deliveries?limit=101',
    headers: partner.partnerHeaders,
  });
  assert.equal(tooMany.statusCode, 400);
});
