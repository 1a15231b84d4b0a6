// The customer's pages and e-mails print money with separators, dates in words and sort codes in
// pairs (issue 17, item 3): each page that shows one of them, rendered through the app.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildListeningApp, type ListeningApp } from '../helpers/listening-app.js';
import { type Merchant, merchant, paymentBody } from '../helpers/merchant.js';
import { http, paidPayment, payAtSandbox, tokenOf } from '../helpers/payment-flow.js';
import { decideAtSandbox, initiateRecurring, recurringBody, setNow } from '../helpers/recurring.js';

const world = async (t: Parameters<typeof buildListeningApp>[0]) => {
  const app = await buildListeningApp(t);
  const m = await merchant(app, { integration: { servicePaymentPageRedirectEnabled: true } });
  return { app, m };
};

async function sentPayment(app: ListeningApp, m: Merchant, body: Record<string, unknown> = {}) {
  const res = await http(app, 'POST', '/merchant/v1/payments/process', {
    headers: m.headers,
    body: paymentBody(body),
  });
  assert.equal(res.status, 200, res.text);
  return res.json().result as { id: string; link: string };
}

async function queuedEmails(app: ListeningApp): Promise<{ subject: string; text: string }[]> {
  const rows = await app.deps.db
    .selectFrom('events')
    .select('payload')
    .where('channel', '=', 'email')
    .execute();
  return rows.map((row) => JSON.parse(row.payload));
}

test('the payment page: money with separators and the due date in words', async (t) => {
  const { app, m } = await world(t);
  const payment = await sentPayment(app, m, { amount: '1000000.00', dueDate: '2030-12-01' });
  const page = await http(app, 'GET', `/p?=${tokenOf(payment.link)}`);
  assert.equal(page.status, 200, page.text);
  assert.match(page.text, /id="amount">£1,000,000\.00</);
  assert.match(page.text, /id="due-date">1 December 2030</);
});

test('the payment request e-mail: money with separators and the due date in words', async (t) => {
  const { app, m } = await world(t);
  await sentPayment(app, m, { amount: '1234.50', dueDate: '2030-12-01', invoiceRefNumber: 'INV-9' });
  const [mail] = await queuedEmails(app);
  assert.ok(mail);
  assert.match(mail.subject, /asks you to pay £1,234\.50 \(INV-9\)/);
  assert.match(mail.text, /pay £1,234\.50 for INV-9/);
  assert.match(mail.text, /Due by: 1 December 2030/);
});

test('the transfer page: money with separators and the sort code in pairs', async (t) => {
  const { app, m } = await world(t);
  const payment = await sentPayment(app, m, { amount: '2500.00' });
  const page = await http(app, 'GET', `/p/transfer?=${tokenOf(payment.link)}`);
  assert.equal(page.status, 200, page.text);
  assert.match(page.text, /id="amount">£2,500\.00</);
  assert.match(page.text, /id="sort-code">04-00-04</);
});

test('the refund page and its result: money with separators, the payee sort code in pairs', async (t) => {
  const { app, m } = await world(t);
  const payment = await paidPayment(app, m, { amount: '1500.00' });
  const refund = await http(app, 'POST', `/merchant/v1/payments/${payment.id}/refund`, {
    headers: m.headers,
    body: {
      amount: '1250.75',
      payeeAccountInfo: { name: 'Alice Smith', identification: '123456', externalAccountId: '87654321' },
    },
  });
  assert.equal(refund.status, 200, refund.text);
  const link: string = refund.json().result.refundLink;
  const page = await http(app, 'GET', link);
  assert.equal(page.status, 200, page.text);
  assert.match(page.text, /id="amount">£1,250\.75</);
  assert.match(page.text, /<dd>£1,500\.00</);
  assert.match(page.text, /id="payee">Alice Smith, 12-34-56 87654321</);
});

test('the result page after the bank: money with separators', async (t) => {
  const { app, m } = await world(t);
  const payment = await sentPayment(app, m, { amount: '1234.56' });
  const back = await payAtSandbox(app, 'payment', payment.link);
  assert.equal(back.status, 303);
  const page = await http(app, 'GET', back.location);
  assert.equal(page.status, 200, page.text);
  assert.match(page.text, /id="amount">£1,234\.56</);
});

test('the recurring page, its e-mail and its result: money with separators, dates in words', async (t) => {
  const { app, m } = await world(t);
  setNow(app.clock, '2027-03-01T10:00:00.000Z');
  const created = await http(app, 'POST', '/merchant/v1/recurring-payments/send', {
    headers: m.headers,
    body: recurringBody({ recurringAmount: '1500.00', initialPaymentAmount: '2000.00' }),
  });
  assert.equal(created.status, 201, created.text);
  const recurring = created.json().result;
  const page = await http(app, 'GET', recurring.qrCodeData);
  assert.equal(page.status, 200, page.text);
  assert.match(page.text, /id="amount">£1,500\.00 <span/);
  assert.match(page.text, /id="first-date">31 March 2027</);
  assert.match(page.text, /id="final-date">31 May 2027</);
  assert.match(page.text, /id="initial-payment"[^>]*>£2,000\.00</);
  assert.match(page.text, /<li data-status="pending">30 April 2027: £1,500\.00<\/li>/);

  const [mail] = await queuedEmails(app);
  assert.ok(mail);
  assert.match(mail.text, /£1,500\.00 every month, 3 payments, from 31 March 2027/);
  assert.match(mail.text, /single payment of £2,000\.00 now/);

  // Declined at the bank: the result page still states the regular amount.
  const back = await decideAtSandbox(app, await initiateRecurring(app, recurring.qrCodeData), 'reject');
  const result = await http(app, 'GET', back);
  assert.equal(result.status, 200, result.text);
  assert.match(result.text, /id="amount">£1,500\.00 <span/);
});
