// Customer-present headers (API.md 10.2, issue 13 item 6): the bank calls made while the customer
// waits carry the customer's address and user agent; every call carries an x-fapi-interaction-id,
// logged with it, which the sandbox bank echoes as real banks do.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildListeningApp } from '../helpers/listening-app.js';
import { merchant } from '../helpers/merchant.js';
import { http, tokenOf } from '../helpers/payment-flow.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

test('the calls of an initiation are customer-present, logged with the interaction id the bank echoes', async (t) => {
  const lines: Array<Record<string, unknown>> = [];
  const app = await buildListeningApp(
    t,
    { LOG_LEVEL: 'info' },
    { logStream: { write: (line) => lines.push(JSON.parse(line)) } },
  );
  const m = await merchant(app);
  const created = await http(app, 'POST', '/merchant/v1/payments/process', {
    headers: m.headers,
    body: { invoiceRefNumber: 'INV-PRESENT', amount: '3.00' },
  });
  assert.equal(created.status, 200, created.text);
  const initiated = await http(app, 'POST', '/public/v1/payments/initiate', {
    headers: { 'user-agent': 'CustomerBrowser/1.0' },
    body: { type: 'payment', id: tokenOf(created.json().result.link), externalId: 'ob-sandbox' },
  });
  assert.equal(initiated.status, 200, initiated.text);
  const calls = lines.filter((l) => typeof l.msg === 'string' && l.msg.startsWith('bank call POST'));
  const consent = calls.find((l) => String(l.msg).endsWith('/domestic-payment-consents'));
  assert.ok(consent, 'the consent POST is logged');
  assert.match(String(consent.interactionId), UUID);
  assert.equal(consent.bankInteractionId, consent.interactionId, 'the sandbox bank echoes it');
  assert.equal(consent.customerPresent, true);
  assert.equal(consent.bank, 'ob-sandbox');
});
