// What the customer's pages say (issue 12, item 17): "Paid to" only for money actually paid to the
// merchant, a refund's result names who the money went to, a bank's refusal (lack of funds) does not
// read like the customer's own, and an overdue link says so next to its past due date.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildListeningApp, type ListeningApp } from '../helpers/listening-app.js';
import { type Merchant, merchant } from '../helpers/merchant.js';
import { http, tokenOf } from '../helpers/payment-flow.js';
import { decideAtSandbox, initiateRecurring, recurringBody, setNow } from '../helpers/recurring.js';
import { CAROL_ID } from '../helpers/sandbox-bank.js';

async function sentPayment(app: ListeningApp, m: Merchant, body: Record<string, unknown> = {}) {
  const res = await http(app, 'POST', '/merchant/v1/payments/process', {
    headers: m.headers,
    body: { invoiceRefNumber: 'INV-17', amount: '30.00', ...body },
  });
  assert.equal(res.status, 200, res.text);
  return res.json().result as { id: string; link: string };
}

/** Initiates, decides at the sandbox bank, follows the return: answers the result page. */
async function resultOf(
  app: ListeningApp,
  type: 'payment' | 'refund',
  link: string,
  decision: 'approve' | 'reject',
  customerId?: string,
) {
  const initiated = await http(app, 'POST', '/public/v1/payments/initiate', {
    body: { type, id: tokenOf(link), externalId: 'ob-sandbox' },
  });
  assert.equal(initiated.status, 200, initiated.text);
  const decided = await http(app, 'POST', `/sandbox/v1/authorizations/${decision}`, {
    body: { authorizationUrl: initiated.json().data.authorizationUrl, ...(customerId ? { customerId } : {}) },
  });
  assert.equal(decided.status, 200, decided.text);
  const back = await http(app, 'GET', decided.json().redirectUrl);
  assert.equal(back.status, 303);
  const page = await http(app, 'GET', back.headers.get('location')!);
  assert.equal(page.status, 200, page.text);
  return page.text;
}

const world = async (t: Parameters<typeof buildListeningApp>[0]) => {
  const app = await buildListeningApp(t);
  const m = await merchant(app, { integration: { servicePaymentPageRedirectEnabled: true } });
  return { app, m };
};

test('a paid payment says "Paid to" the merchant; a declined one does not', async (t) => {
  const { app, m } = await world(t);
  const paid = await resultOf(app, 'payment', (await sentPayment(app, m)).link, 'approve');
  assert.match(paid, /id="payee-label">Paid to</);
  const declined = await resultOf(app, 'payment', (await sentPayment(app, m)).link, 'reject');
  assert.match(declined, /data-status="rejected"/);
  assert.doesNotMatch(declined, /Paid to/);
});

test('a refund result names the customer it was paid back to, not the merchant', async (t) => {
  const { app, m } = await world(t);
  const payment = await sentPayment(app, m);
  await resultOf(app, 'payment', payment.link, 'approve');
  const refund = await http(app, 'POST', `/merchant/v1/payments/${payment.id}/refund`, {
    headers: m.headers,
    body: { amount: '10.00' },
  });
  assert.equal(refund.status, 200, refund.text);
  const page = await resultOf(app, 'refund', refund.json().result.refundLink, 'approve');
  assert.match(page, /data-status="settled"/);
  assert.doesNotMatch(page, /Paid to/);
  // Where the money went: the account, its sort code in pairs and only the end of its number.
  assert.match(
    page,
    /id="payee-label">Refunded to<\/dt><dd id="payee">Alice Smith, sort code \d\d-\d\d-\d\d, account ending \d{4}</,
  );
  assert.match(page, /id="source-bank">Sandbox Bank</);
});

test("the bank's refusal for lack of funds does not read like the customer's own", async (t) => {
  const { app, m } = await world(t);
  const declined = await resultOf(app, 'payment', (await sentPayment(app, m)).link, 'reject');
  // Carol has £5.00: she approves £30.00, and her bank refuses to make it.
  const refused = await resultOf(app, 'payment', (await sentPayment(app, m)).link, 'approve', CAROL_ID);
  assert.match(refused, /data-reason="bank_refused"/);
  assert.match(refused, /not enough money/);
  assert.doesNotMatch(refused, /cancelled/);
  assert.doesNotMatch(refused, /Paid to/);
  // The customer's own Reject at the bank (access_denied) reads as their cancellation.
  assert.match(declined, /data-reason="customer_cancelled"/);
  assert.match(declined, /You cancelled the payment at your bank/);
  assert.doesNotMatch(declined, /not enough money/);
});

test("the bank's own error at the authorisation reads as the bank's, not the customer's; also in Welsh", async (t) => {
  const { app, m } = await world(t);
  const payment = await sentPayment(app, m);
  const initiated = await http(app, 'POST', '/public/v1/payments/initiate', {
    body: { type: 'payment', id: tokenOf(payment.link), externalId: 'ob-sandbox' },
  });
  const decided = await http(app, 'POST', '/sandbox/v1/authorizations/reject', {
    body: { authorizationUrl: initiated.json().data.authorizationUrl },
  });
  // The bank answers with an error of its own (not the customer's access_denied).
  const answer = String(decided.json().redirectUrl).replace('error=access_denied', 'error=server_error');
  assert.match(answer, /error=server_error/);
  const back = await http(app, 'GET', answer);
  assert.equal(back.status, 303);
  const page = await http(app, 'GET', back.headers.get('location')!);
  assert.match(page.text, /data-reason="bank_declined"/);
  assert.match(page.text, /Your bank did not give the approval/);
  assert.doesNotMatch(page.text, /You cancelled/);
  const welsh = await http(app, 'GET', back.headers.get('location')!, {
    headers: { 'accept-language': 'cy-GB,cy;q=0.9,en;q=0.5' },
  });
  assert.match(welsh.text, /<html lang="cy">/);
  assert.match(welsh.text, /Ni roddodd eich banc gymeradwyaeth/);
});

test('an overdue link says it is overdue next to its past due date, and can still be paid', async (t) => {
  const { app, m } = await world(t);
  const due = new Date(app.clock.now().getTime() + 2 * 86_400_000).toISOString().slice(0, 10);
  const payment = await sentPayment(app, m, { dueDate: due });
  const before = await http(app, 'GET', `/p?=${tokenOf(payment.link)}`);
  assert.doesNotMatch(before.text, /id="overdue"/);
  app.clock.advance(4 * 86_400_000);
  const page = await http(app, 'GET', `/p?=${tokenOf(payment.link)}`);
  const dueInWords = new Date(due).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  assert.match(
    page.text,
    new RegExp(`id="overdue"[^>]*>This payment is overdue: it was due on ${dueInWords}`),
  );
  assert.match(page.text, /data-provider="ob-sandbox"/);
});

test('a regular payment not set up does not say "Paid to"', async (t) => {
  const { app, m } = await world(t);
  setNow(app.clock, '2027-03-01T10:00:00.000Z');
  const sent = await http(app, 'POST', '/merchant/v1/recurring-payments/send', {
    headers: m.headers,
    body: recurringBody(),
  });
  assert.equal(sent.status, 201, sent.text);
  const location = await decideAtSandbox(
    app,
    await initiateRecurring(app, sent.json().result.qrCodeData),
    'reject',
  );
  const page = await http(app, 'GET', location);
  assert.match(page.text, /not set up/);
  assert.doesNotMatch(page.text, /Paid to/);
  assert.match(page.text, /id="payee-label">Payee</);
});
