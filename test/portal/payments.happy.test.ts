// A company's payments in the portal (issue 16, item 5): list, a payment's page with its history and
// webhooks, refund and cancel through the API's own functions.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildListeningApp } from '../helpers/listening-app.js';
import { merchant, paymentBody } from '../helpers/merchant.js';
import { http, paidPayment } from '../helpers/payment-flow.js';
import { signedInUser } from '../helpers/portal.js';

test('a paid payment refunded in part from its page; a sent one cancelled; a viewer only reads', async (t) => {
  const app = await buildListeningApp(t);
  const m = await merchant(app);
  const { client } = await signedInUser(app, { role: 'admin', partner: m.partner });
  const paid = await paidPayment(app, m);
  const base = `/portal/companies/${m.companyId}/payments`;

  const list = await client.get(base);
  assert.equal(list.statusCode, 200);
  assert.match(
    list.body,
    new RegExp(`data-payment="${paid.id}"[\\s\\S]*?£25.50[\\s\\S]*?class="status">paid<`),
  );
  const page = await client.get(`${base}/${paid.id}`);
  assert.match(page.body, /id="payment-status">paid</);
  assert.match(page.body, /<ol id="history">[\s\S]*sent[\s\S]*pending[\s\S]*paid/);
  assert.match(page.body, /payment.status_updated/, 'its webhooks are listed');

  const tooMuch = await client.submit(`${base}/${paid.id}`, `${base}/${paid.id}/refund`, { amount: '99.00' });
  assert.equal(tooMuch.statusCode, 400);
  assert.match(tooMuch.body, /Not refunded/);
  const refunded = await client.submit(`${base}/${paid.id}`, `${base}/${paid.id}/refund`, {
    amount: '10.00',
  });
  assert.equal(refunded.statusCode, 303);
  const api = await http(app, 'GET', `/merchant/v1/payments/${paid.id}`, { headers: m.headers });
  assert.equal(api.json().result.status, 'refund_started', 'the API sees the same refund');
  const again = await client.submit(`${base}/${paid.id}`, `${base}/${paid.id}/refund`, { amount: '1.00' });
  assert.equal(again.statusCode, 409, 'one refund at a time');

  const sent = await http(app, 'POST', '/merchant/v1/payments/process', {
    headers: m.headers,
    body: paymentBody(),
  });
  const sentId = sent.json().result.id;
  const cancelled = await client.submit(`${base}/${sentId}`, `${base}/${sentId}/cancel`);
  assert.equal(cancelled.statusCode, 303);
  assert.match((await client.get(`${base}/${sentId}`)).body, /id="payment-status">cancelled</);
  const audit = await app.deps.db.selectFrom('portal_audit').select('action').execute();
  assert.deepEqual(
    audit.map((a) => a.action).filter((a) => a.startsWith('payment_')),
    ['payment_refund_started', 'payment_cancelled'],
  );

  const viewer = await signedInUser(app, {
    role: 'viewer',
    partner: m.partner,
    email: 'viewer@partner.example',
  });
  const seen = await viewer.client.get(`${base}/${paid.id}`);
  assert.equal(seen.statusCode, 200);
  assert.doesNotMatch(seen.body, />Refund</);
  const refused = await viewer.client.submit(`${base}/${paid.id}`, `${base}/${paid.id}/cancel`);
  assert.equal(refused.statusCode, 403);

  const other = await signedInUser(app, { email: 'them@other.example' });
  assert.equal((await other.client.get(`${base}/${paid.id}`)).statusCode, 404);
  assert.equal((await other.client.get(base)).statusCode, 404);
  assert.equal((await other.client.submit('/portal', `${base}/${sentId}/cancel`)).statusCode, 404);
});
