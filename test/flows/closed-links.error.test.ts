// Links stop taking money (issue 12, item 3) once the company is banned, its receiving account
// disabled or the integration deleted: initiation and the customer's pages refuse clearly, a customer
// already at the bank has nothing submitted, and payments already authorised finish and are reported
// to the company's remaining destination (its partner).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { drainOutbox } from '../../src/workers/dispatcher.js';
import { adminHeaders } from '../helpers/fixtures.js';
import { buildListeningApp, type ListeningApp } from '../helpers/listening-app.js';
import { type Merchant, merchant } from '../helpers/merchant.js';
import { http, ledger, merchantWithReceiver, statusOf, tokenOf } from '../helpers/payment-flow.js';
import { recurringBody, setNow } from '../helpers/recurring.js';
import { startWebhookReceiver } from '../helpers/webhook-receiver.js';

async function sentPayment(app: ListeningApp, m: Merchant) {
  const res = await http(app, 'POST', '/merchant/v1/payments/process', {
    headers: m.headers,
    body: { invoiceRefNumber: 'INV-3', amount: '30.00' },
  });
  assert.equal(res.status, 200, res.text);
  return res.json().result as { id: string; link: string };
}

const initiate = (app: ListeningApp, type: string, link: string) =>
  http(app, 'POST', '/public/v1/payments/initiate', {
    body: { type, id: tokenOf(link), externalId: 'ob-sandbox' },
  });

const ban = (app: ListeningApp, m: Merchant) =>
  http(app, 'POST', `/partner/v1/companies/${m.companyId}/disable`, { headers: m.partner.partnerHeaders });

const disableAccount = (app: ListeningApp, m: Merchant) =>
  http(app, 'POST', `/admin/v1/bank-accounts/${m.bankAccountId}/status`, {
    headers: adminHeaders,
    body: { status: 'disabled' },
  });

const deleteIntegration = (app: ListeningApp, m: Merchant) =>
  http(app, 'DELETE', `/terminal/v1/companies/${m.companyId}/integrations/${m.integrationId}`, {
    headers: m.partner.terminalHeaders,
  });

async function approveAndReturn(app: ListeningApp, authorizationUrl: string) {
  const decided = await http(app, 'POST', '/sandbox/v1/authorizations/approve', {
    body: { authorizationUrl },
  });
  assert.equal(decided.status, 200, decided.text);
  return http(app, 'GET', decided.json().redirectUrl);
}

for (const [why, close, status] of [
  ['the company is banned', ban, 403],
  ['the receiving account is disabled', disableAccount, 403],
  ['the integration is deleted', deleteIntegration, 401],
] as const) {
  test(`a link issued before ${why} takes no money: initiate ${status}, the page says so, nothing moves`, async (t) => {
    const app = await buildListeningApp(t);
    setNow(app.clock, '2027-03-01T10:00:00.000Z');
    const m = await merchant(app);
    const payment = await sentPayment(app, m);
    const recurring = await http(app, 'POST', '/merchant/v1/recurring-payments/send', {
      headers: m.headers,
      body: recurringBody(),
    });
    assert.equal(recurring.status, 201, recurring.text);
    const recurringLink = recurring.json().result.qrCodeData as string;
    // A customer who opened the bank's page before, and approves after.
    const atBank = (await initiate(app, 'payment', payment.link)).json().data.authorizationUrl;
    const before = await ledger(app);

    const closed = await close(app, m);
    assert.equal(closed.status, 200, closed.text);

    const res = await initiate(app, 'payment', payment.link);
    assert.equal(res.status, status, res.text);
    if (status === 403) {
      assert.equal(res.headers.get('content-type'), 'application/problem+json; charset=utf-8');
      assert.match(res.json().detail, /cannot take payments|cannot receive them/);
    } else assert.equal(res.text, 'API token is expired');
    assert.equal((await initiate(app, 'recurring payment', recurringLink)).status, status);
    const manual = await http(app, 'POST', '/public/v1/payments/initiate', {
      body: { type: 'payment', id: tokenOf(payment.link), externalId: 'other' },
    });
    assert.equal(manual.status, status, 'nor by manual transfer');

    const page = await http(app, 'GET', `/p?=${tokenOf(payment.link)}`);
    assert.doesNotMatch(page.text, /data-provider="ob-sandbox"/, 'no bank to choose');
    if (status === 403) assert.match(page.text, /data-status="not_payable"/);
    else assert.equal(page.status, 404);
    const rpPage = await http(app, 'GET', `/rp?=${tokenOf(recurringLink)}`);
    assert.doesNotMatch(rpPage.text, /data-provider="ob-sandbox"/);
    const posted = await fetch(`${app.baseUrl}/p`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: tokenOf(payment.link), provider: 'ob-sandbox' }),
    });
    // A withdrawn link's page is the 404 "not valid" page.
    assert.equal(posted.status, status === 401 ? 404 : status);

    const back = await approveAndReturn(app, atBank);
    assert.equal(back.status, 303);
    assert.deepEqual(await ledger(app), before, 'no money moved');
    const attempts = await app.deps.db.selectFrom('payment_attempts').select('status').execute();
    assert.ok(
      attempts.every((a) => a.status !== 'submitted' && a.status !== 'settled'),
      JSON.stringify(attempts),
    );
  });
}

test('payments authorised before their integration was deleted and their company banned settle, reported to the partner', async (t) => {
  const app = await buildListeningApp(t, { SANDBOX_SETTLEMENT: 'manual' });
  const receiver = await startWebhookReceiver(t);
  const m = await merchantWithReceiver(app, receiver);
  const settings = await http(app, 'PUT', '/partner/v1/settings', {
    headers: m.partner.partnerHeaders,
    body: { webhookUrl: receiver.urlFor('/partner'), email: { fromAddress: 'p@partner.example' } },
  });
  assert.equal(settings.status, 200, settings.text);
  receiver.setSecret('/partner', settings.json().data.webhookSecret);
  const payment = await sentPayment(app, m);
  const other = await sentPayment(app, m);
  for (const p of [payment, other]) {
    await approveAndReturn(app, (await initiate(app, 'payment', p.link)).json().data.authorizationUrl);
    assert.equal(await statusOf(app, m, p.id), 'pending');
  }
  await drainOutbox(app.deps);

  assert.equal((await deleteIntegration(app, m)).status, 200);
  const settled = await http(app, 'POST', `/sandbox/v1/payments/${payment.id}/settle`);
  assert.deepEqual(settled.json(), { status: 'paid' });
  await drainOutbox(app.deps);
  const paidHooks = (id: string) =>
    receiver.received.filter(
      (w) =>
        w.body.eventName === 'payment.status_updated' &&
        w.body.data.id === id &&
        w.body.data.status === 'paid',
    );
  const paid = paidHooks(payment.id);
  assert.equal(paid.length, 1, 'the paid webhook is delivered, not skipped');
  assert.equal(paid[0]!.path, '/partner');
  assert.equal(paid[0]!.verified, true);

  // Banned too: what was authorised before still finishes, and is reported.
  assert.equal((await ban(app, m)).status, 200);
  const alsoSettled = await http(app, 'POST', `/sandbox/v1/payments/${other.id}/settle`);
  assert.deepEqual(alsoSettled.json(), { status: 'paid' });
  await drainOutbox(app.deps);
  assert.equal(paidHooks(other.id).length, 1);
});
