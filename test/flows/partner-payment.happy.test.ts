// The partner API end to end over real sockets: a partner creates a company with a bank account and an
// integration, the operator verifies the account, the officer verifies their identity, the company is
// active; the partner creates and processes a payment, the customer pays at the sandbox bank, the
// transaction shows in the list and the statistic, the partner refunds. Every group D event reaches the
// partner's webhook URL and every payment event the integration's, each verified with standardwebhooks.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { drainOutbox } from '../../src/workers/dispatcher.js';
import { adminHeaders, createPartner } from '../helpers/fixtures.js';
import { buildListeningApp } from '../helpers/listening-app.js';
import { decideOfficer, partnerCompanyBody } from '../helpers/partner-companies.js';
import { http, payAtSandbox } from '../helpers/payment-flow.js';
import { startWebhookReceiver } from '../helpers/webhook-receiver.js';

test('company with bank account and integration -> officers verified -> active -> payment paid at the sandbox bank -> transaction and statistic -> refund; every event received and verified', async (t) => {
  const app = await buildListeningApp(t);
  const receiver = await startWebhookReceiver(t);
  const partner = await createPartner(app, 'Partner E2E');
  const headers = partner.partnerHeaders;

  const settings = await http(app, 'PUT', '/partner/v1/settings', {
    headers,
    body: { webhookUrl: receiver.urlFor('/partner'), email: { fromAddress: 'hello@partner.example' } },
  });
  assert.equal(settings.status, 200, settings.text);
  receiver.setSecret('/partner', settings.json().data.webhookSecret);

  // 1. The company, its bank account and its integration, in one call.
  const created = await http(app, 'POST', '/partner/v1/companies', {
    headers,
    body: partnerCompanyBody({
      bankAccount: {
        name: 'Takings',
        providerExternalId: 'ob-sandbox',
        externalAccountId: '41414141',
        identification: '040004',
      },
      integration: {
        name: 'Web shop',
        webhookUrl: receiver.urlFor('/shop'),
        redirectUrl: 'https://shop.example/thanks',
        servicePaymentPageRedirectEnabled: false,
      },
    }),
  });
  assert.equal(created.status, 200, created.text);
  const company = created.json().result;
  receiver.setSecret('/shop', company.integration.webhookSecret);
  const base = `/partner/v1/companies/${company.id}`;
  assert.equal(company.status, 'pending_verification');

  // Not active yet: no payments.
  const early = await http(app, 'POST', `${base}/payments`, {
    headers,
    body: { invoiceRefNumber: 'order-1', amount: '49.99', bankAccount: company.bankAccount.id },
  });
  assert.equal(early.status, 403, early.text);

  // 2. The operator checks the account; the officer passes the identity check.
  const verified = await http(app, 'POST', `/admin/v1/bank-accounts/${company.bankAccount.id}/status`, {
    headers: adminHeaders,
    body: { status: 'verified' },
  });
  assert.equal(verified.status, 200, verified.text);
  const [officer] = company.officers;
  const decided = await decideOfficer(app, company.id, officer.id, 'pass');
  assert.equal(decided.companyStatus, 'active');
  const active = await http(app, 'GET', base, { headers });
  assert.equal(active.json().data.status, 'active');

  // 3. The partner takes a payment; the customer pays at the sandbox bank.
  const made = await http(app, 'POST', `${base}/payments`, {
    headers,
    body: {
      invoiceRefNumber: 'order-1',
      amount: '49.99',
      bankAccount: company.bankAccount.id,
      customerName: 'Cara Customer',
      customerEmail: 'cara@customer.example',
    },
  });
  assert.equal(made.status, 200, made.text);
  const payment = made.json().result;
  assert.equal(payment.status, 'sent');
  assert.equal(payment.integration, company.integration.id);
  const paid = await payAtSandbox(app, 'payment', payment.link);
  assert.equal(paid.status, 303);
  assert.equal(new URL(paid.location).searchParams.get('status'), 'paid');
  const got = (await http(app, 'GET', `${base}/payments/${payment.id}`, { headers })).json().data;
  assert.equal(got.status, 'paid');

  // 4. The transaction is listed, and counted by the statistic (live, not sandbox).
  const listed = (
    await http(app, 'GET', `${base}/transactions?filter=isSandbox&filterValue=false`, { headers })
  ).json().data;
  assert.equal(listed.totalDocs, 1);
  const [transaction] = listed.docs;
  assert.deepEqual(
    [transaction.id, transaction.direction, transaction.status, transaction.amount, transaction.reference],
    [got.transaction, 'incoming', 'completed', '49.99', 'order-1'],
  );
  assert.equal(transaction.parentEntity.id, payment.id);
  const statistic = async (isSandbox: boolean) =>
    (await http(app, 'GET', `${base}/transactions/statistics?isSandbox=${isSandbox}`, { headers })).json();
  assert.deepEqual(await statistic(false), { data: [{ totalAmount: '49.99', totalCount: '1' }] });
  assert.deepEqual(await statistic(true), { data: [{ totalAmount: '0.00', totalCount: '0' }] });

  // 5. The partner refunds it all; the merchant authorises the refund at its bank.
  const refund = await http(app, 'POST', `${base}/payments/${payment.id}/refund`, { headers, body: {} });
  assert.equal(refund.status, 200, refund.text);
  assert.equal(refund.json().result.status, 'refund_started');
  await payAtSandbox(app, 'refund', refund.json().result.refundLink);
  const refunded = (await http(app, 'GET', `${base}/payments/${payment.id}`, { headers })).json().data;
  assert.equal(refunded.status, 'refunded');
  const outgoing = (await http(app, 'GET', `${base}/transactions?direction=outgoing`, { headers })).json()
    .data;
  assert.deepEqual(
    outgoing.docs.map((x: any) => [x.amount, x.status, x.parentEntity.id]),
    [['49.99', 'completed', payment.id]],
  );
  assert.deepEqual(
    await statistic(false),
    { data: [{ totalAmount: '49.99', totalCount: '1' }] },
    'money received',
  );

  // 6. Every webhook arrives and verifies.
  await drainOutbox(app.deps);
  assert.ok(receiver.received.length > 0);
  for (const hook of receiver.received) assert.ok(hook.verified, `${hook.path} ${JSON.stringify(hook.body)}`);
  const groupD = receiver.received
    .filter((h) => h.path === '/partner' && h.body.event_name)
    .map((h) => h.body);
  // Delivered in order per resource (API.md 8), not across resources: compare each resource's stream.
  const streamOf = (events: any[], name: string) => events.filter((e) => e.event_name === name);
  const expected = [
    {
      event_name: 'bank_account_status_update',
      merchantId: company.id,
      bankAccountId: company.bankAccount.id,
      status: 'verified',
      connection_type: 'manual',
    },
    {
      event_name: 'officer_verification_status_update',
      merchantId: company.id,
      officerId: officer.id,
      status: 'started_verification',
    },
    {
      event_name: 'company_verification_status_update',
      merchantId: company.id,
      verifiedBy: officer.id,
      status: 'started_verification',
    },
    {
      event_name: 'officer_verification_status_update',
      merchantId: company.id,
      officerId: officer.id,
      status: 'active',
    },
    {
      event_name: 'company_verification_status_update',
      merchantId: company.id,
      verifiedBy: officer.id,
      status: 'active',
    },
  ];
  assert.equal(groupD.length, expected.length, JSON.stringify(groupD));
  for (const name of new Set(expected.map((e) => e.event_name))) {
    assert.deepEqual(streamOf(groupD, name), streamOf(expected, name), name);
  }
  const paymentHooks = receiver.received.filter((h) => h.path === '/shop');
  assert.ok(
    paymentHooks.every((h) => h.body.eventName === 'payment.status_updated' && h.body.data.id === payment.id),
  );
  assert.deepEqual(
    paymentHooks.map((h) => h.body.data.status),
    ['sent', 'pending', 'paid', 'refund_started', 'refunded'],
  );
});
