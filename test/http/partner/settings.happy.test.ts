import assert from 'node:assert/strict';
import { test } from 'node:test';
import { recordEvent } from '../../../src/domain/events/outbox.js';
import { newId } from '../../../src/domain/ids.js';
import { drainOutbox } from '../../../src/workers/dispatcher.js';
import { buildTestApp } from '../../helpers/app.js';
import { tenant } from '../../helpers/fixtures.js';
import { startWebhookReceiver } from '../../helpers/webhook-receiver.js';

test('settings start empty; setting a webhook URL answers its secret once; the same URL keeps it', async (t) => {
  const app = await buildTestApp(t);
  const { partner } = await tenant(app);
  const empty = await app.call({
    method: 'GET',
    url: '/partner/v1/settings',
    headers: partner.partnerHeaders,
  });
  assert.equal(empty.statusCode, 200);
  assert.equal(empty.headers['api-version'], '1.4');
  assert.deepEqual(empty.json(), { data: { webhookUrl: null, email: { fromAddress: null, replyTo: null } } });

  const set = await app.call({
    method: 'PUT',
    url: '/partner/v1/settings',
    headers: partner.partnerHeaders,
    payload: {
      webhookUrl: 'https://partner.example/hooks',
      email: { fromAddress: 'Acme Payments <payments@acme.example>', replyTo: 'help@acme.example' },
    },
  });
  assert.equal(set.statusCode, 200, set.body);
  const data = set.json().data;
  assert.equal(data.webhookUrl, 'https://partner.example/hooks');
  assert.deepEqual(data.email, {
    fromAddress: 'Acme Payments <payments@acme.example>',
    replyTo: 'help@acme.example',
  });
  assert.match(data.webhookSecret, /^whsec_[A-Za-z0-9+/]{32}$/);

  const again = await app.call({
    method: 'PUT',
    url: '/partner/v1/settings',
    headers: partner.partnerHeaders,
    payload: { webhookUrl: 'https://partner.example/hooks' },
  });
  assert.equal(again.json().data.webhookSecret, undefined, 'an unchanged URL keeps its secret');
  assert.equal(again.json().data.email.replyTo, 'help@acme.example', 'absent fields are kept');

  const rotated = await app.call({
    method: 'PUT',
    url: '/partner/v1/settings',
    headers: partner.partnerHeaders,
    payload: { webhookUrl: 'https://partner.example/v2/hooks' },
  });
  assert.match(rotated.json().data.webhookSecret, /^whsec_/);
  assert.notEqual(rotated.json().data.webhookSecret, data.webhookSecret);

  const got = await app.call({ method: 'GET', url: '/partner/v1/settings', headers: partner.partnerHeaders });
  assert.equal(got.json().data.webhookSecret, undefined, 'never shown again');
  assert.equal(got.json().data.webhookUrl, 'https://partner.example/v2/hooks');

  const cleared = await app.call({
    method: 'PUT',
    url: '/partner/v1/settings',
    headers: partner.partnerHeaders,
    payload: { webhookUrl: null, email: { replyTo: null } },
  });
  assert.deepEqual(cleared.json().data, {
    webhookUrl: null,
    email: { fromAddress: 'Acme Payments <payments@acme.example>', replyTo: null },
  });
});

test('partner webhooks are signed with the secret the settings answered', async (t) => {
  const app = await buildTestApp(t);
  const receiver = await startWebhookReceiver(t);
  const { partner } = await tenant(app);
  const set = await app.call({
    method: 'PUT',
    url: '/partner/v1/settings',
    headers: partner.partnerHeaders,
    payload: { webhookUrl: receiver.urlFor('/partner') },
  });
  receiver.setSecret('/partner', set.json().data.webhookSecret);
  const merchantId = newId();
  await recordEvent(app.deps.db, app.deps.clock.now(), {
    destination: { kind: 'partner', partnerId: partner.id },
    eventName: 'company_verification_status_update',
    resourceType: 'company',
    resourceId: merchantId,
    payload: {
      event_name: 'company_verification_status_update',
      merchantId,
      verifiedBy: null,
      status: 'active',
    },
  });
  await drainOutbox(app.deps);
  assert.equal(receiver.received.length, 1);
  assert.equal(receiver.received[0]!.verified, true);
  assert.deepEqual(receiver.received[0]!.body, {
    event_name: 'company_verification_status_update',
    merchantId,
    verifiedBy: null,
    status: 'active',
  });
});
