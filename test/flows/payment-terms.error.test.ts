// Money is never wrong (issue 12, item 1): an edit while the customer holds an authorisation voids it
// (or is refused while one is being completed), and what the bank says it moved (the consent's
// InstructedAmount, CreditorAccount and Reference, repeated by its payment) is compared with the
// payment or refund: a difference never marks anything paid, and is recorded and reported.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { transactionsOf } from '../../src/domain/transactions/transaction.service.js';
import { SANDBOX_SORT_CODE } from '../../src/providers/sandbox-bank/index.js';
import { buildListeningApp, type ListeningApp } from '../helpers/listening-app.js';
import { type Merchant, merchant } from '../helpers/merchant.js';
import { http, ledger, merchantAccountKey, statusOf, tokenOf } from '../helpers/payment-flow.js';

const PAYER = `${SANDBOX_SORT_CODE} 10000001`;

async function sentPayment(app: ListeningApp, m: Merchant, amount: string) {
  const res = await http(app, 'POST', '/merchant/v1/payments/process', {
    headers: m.headers,
    body: { invoiceRefNumber: 'INV-77', amount },
  });
  assert.equal(res.status, 200, res.text);
  return res.json().result as { id: string; link: string };
}

async function initiate(app: ListeningApp, type: 'payment' | 'refund', link: string): Promise<string> {
  const res = await http(app, 'POST', '/public/v1/payments/initiate', {
    body: { type, id: tokenOf(link), externalId: 'ob-sandbox' },
  });
  assert.equal(res.status, 200, res.text);
  return res.json().data.authorizationUrl;
}

/** The account holder approves at the sandbox bank and the browser follows the bank's redirect back. */
async function approve(app: ListeningApp, authorizationUrl: string): Promise<string> {
  const decided = await http(app, 'POST', '/sandbox/v1/authorizations/approve', {
    body: { authorizationUrl },
  });
  assert.equal(decided.status, 200, decided.text);
  const back = await http(app, 'GET', decided.json().redirectUrl);
  assert.equal(back.status, 303, back.text);
  return back.headers.get('location') ?? '';
}

const edit = (app: ListeningApp, m: Merchant, id: string, amount: string) =>
  http(app, 'PUT', `/merchant/v1/payments/${id}`, { headers: m.headers, body: { _id: id, amount } });

async function latestAttempt(app: ListeningApp, paymentId: string) {
  return app.deps.db
    .selectFrom('payment_attempts')
    .selectAll()
    .where('payment_id', '=', paymentId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
}

/** A bank that moves other terms than its consent was asked for (the sandbox's consent, rewritten). */
async function bankWillMove(
  app: ListeningApp,
  consentId: string,
  amount: string | null,
  other: { creditor?: string; reference?: string } = {},
) {
  const consent = await app.deps.db
    .selectFrom('sandbox_bank_consents')
    .select('data')
    .where('id', '=', consentId)
    .executeTakeFirstOrThrow();
  const data = JSON.parse(consent.data);
  if (amount) data.Initiation.InstructedAmount.Amount = amount;
  if (other.creditor) data.Initiation.CreditorAccount.Identification = other.creditor;
  if (other.reference) data.Initiation.RemittanceInformation.Reference = other.reference;
  await app.deps.db
    .updateTable('sandbox_bank_consents')
    .set({ data: JSON.stringify(data) })
    .where('id', '=', consentId)
    .execute();
}

const eventsNamed = (app: ListeningApp, name: string) =>
  app.deps.db.selectFrom('events').selectAll().where('event_name', '=', name).execute();

test('an edit after the customer started an authorisation voids it: the bank moves nothing, the new amount is paid, and refunds stop at it', async (t) => {
  const app = await buildListeningApp(t, {});
  const m = await merchant(app, { integration: { servicePaymentPageRedirectEnabled: true } });
  const before = await ledger(app);
  const payment = await sentPayment(app, m, '10.00');
  const at10 = await initiate(app, 'payment', payment.link);

  const edited = await edit(app, m, payment.id, '500.00');
  assert.equal(edited.status, 200, edited.text);
  const back = await approve(app, at10);
  assert.equal((await latestAttempt(app, payment.id)).status, 'voided');
  assert.equal(await statusOf(app, m, payment.id), 'sent', 'not paid by an authorisation of 10.00');
  assert.deepEqual(await ledger(app), before, 'no money moved');
  assert.equal((await transactionsOf(app.deps, 'Payment', payment.id)).length, 0);
  const page = await http(app, 'GET', back);
  assert.match(page.text, /data-status="voided"/);
  assert.match(page.text, /changed while you were at your bank/);
  assert.match(page.text, /id="retry"/);

  // The link pays the new amount; a refund cannot exceed what was paid.
  await approve(app, await initiate(app, 'payment', payment.link));
  assert.equal(await statusOf(app, m, payment.id), 'paid');
  const after = await ledger(app);
  assert.equal(after.get(PAYER), before.get(PAYER)! - 50000);
  const refund = await http(app, 'POST', `/merchant/v1/payments/${payment.id}/refund`, {
    headers: m.headers,
    body: { amount: '500.01' },
  });
  assert.equal(refund.status, 400, refund.text);

  // The reverse: authorised at 500.00, edited to 1.00.
  const other = await sentPayment(app, m, '500.00');
  const at500 = await initiate(app, 'payment', other.link);
  assert.equal((await edit(app, m, other.id, '1.00')).status, 200);
  await approve(app, at500);
  assert.equal(await statusOf(app, m, other.id), 'sent');
  assert.deepEqual(await ledger(app), after, 'no money moved');
  await approve(app, await initiate(app, 'payment', other.link));
  assert.equal(await statusOf(app, m, other.id), 'paid');
  assert.equal((await ledger(app)).get(PAYER), after.get(PAYER)! - 100);
});

test('an edit while an authorisation is being completed is a 409 naming it, and changes nothing', async (t) => {
  const app = await buildListeningApp(t);
  const m = await merchant(app);
  const payment = await sentPayment(app, m, '10.00');
  await initiate(app, 'payment', payment.link);
  const attempt = await latestAttempt(app, payment.id);
  // The customer is back from the bank and the payment is being submitted.
  await app.deps.db
    .updateTable('payment_attempts')
    .set({ status: 'completing' })
    .where('id', '=', attempt.id)
    .execute();
  const res = await edit(app, m, payment.id, '500.00');
  assert.equal(res.status, 409, res.text);
  assert.equal(res.json().code, 'invalid_state');
  assert.match(res.json().detail, new RegExp(attempt.id));
  const now = await http(app, 'GET', `/merchant/v1/payments/${payment.id}`, { headers: m.headers });
  assert.equal(now.json().result.amount, '10.00');
  assert.equal((await latestAttempt(app, payment.id)).status, 'completing');
  // Other fields than the money's terms may still change.
  const named = await http(app, 'PUT', `/merchant/v1/payments/${payment.id}`, {
    headers: m.headers,
    body: { _id: payment.id, customerName: 'Cara Customer' },
  });
  assert.equal(named.status, 200, named.text);
});

test('an authorisation for another amount than the payment now asks is never submitted', async (t) => {
  const app = await buildListeningApp(t);
  const m = await merchant(app);
  const before = await ledger(app);
  const payment = await sentPayment(app, m, '10.00');
  const url = await initiate(app, 'payment', payment.link);
  // However the payment came to differ from its consent, the return compares before it submits.
  await app.deps.db.updateTable('payments').set({ amount: 50000 }).where('id', '=', payment.id).execute();
  await approve(app, url);
  assert.equal((await latestAttempt(app, payment.id)).status, 'voided');
  assert.equal(await statusOf(app, m, payment.id), 'sent');
  assert.deepEqual(await ledger(app), before);
});

test('a bank that moves another amount than asked: not paid, the money on record, the merchant told', async (t) => {
  const app = await buildListeningApp(t);
  const m = await merchant(app);
  const before = await ledger(app);
  const payment = await sentPayment(app, m, '10.00');
  const url = await initiate(app, 'payment', payment.link);
  await bankWillMove(app, (await latestAttempt(app, payment.id)).consent_id!, '7.00');
  const back = await approve(app, url);

  assert.notEqual(await statusOf(app, m, payment.id), 'paid');
  const attempt = await latestAttempt(app, payment.id);
  assert.equal(attempt.status, 'settled');
  assert.deepEqual(JSON.parse(attempt.mismatch!).fields, ['amount']);
  const [tx] = await transactionsOf(app.deps, 'Payment', payment.id);
  assert.equal(tx!.amountPence, 700, 'the transaction is what the bank moved');
  assert.equal(tx!.status, 'completed');
  assert.equal((await ledger(app)).get(PAYER), before.get(PAYER)! - 700);
  const [event] = await eventsNamed(app, 'payment.bank_mismatch');
  assert.ok(event, 'the merchant is told');
  assert.equal(event.destination_id, m.integrationId);
  const data = JSON.parse(event.payload).data;
  assert.equal(data.expected.amount, '10.00');
  assert.equal(data.bank.amount, '7.00');
  const history = await http(app, 'GET', `/merchant/v1/payments/${payment.id}`, { headers: m.headers });
  assert.equal(history.json().result.amount, '10.00');
  const page = await http(app, 'GET', back);
  assert.match(page.text, /data-reason="bank_mismatch"/);
  assert.doesNotMatch(page.text, /Paid to/);
  const refund = await http(app, 'POST', `/merchant/v1/payments/${payment.id}/refund`, {
    headers: m.headers,
    body: {},
  });
  assert.equal(refund.status, 409, 'nothing was paid to refund');
});

test('a refund the bank pays on other terms is not a refund: the payment is not marked refunded', async (t) => {
  const app = await buildListeningApp(t);
  const m = await merchant(app);
  const payment = await sentPayment(app, m, '20.00');
  await approve(app, await initiate(app, 'payment', payment.link));
  assert.equal(await statusOf(app, m, payment.id), 'paid');
  const started = await http(app, 'POST', `/merchant/v1/payments/${payment.id}/refund`, {
    headers: m.headers,
    body: { amount: '5.00' },
  });
  assert.equal(started.status, 200, started.text);
  const refundLink = started.json().result.refundLink as string;
  const url = await initiate(app, 'refund', refundLink);
  const merchantKey = await merchantAccountKey(app, m);
  const before = await ledger(app);
  await bankWillMove(app, (await latestAttempt(app, payment.id)).consent_id!, '15.00');
  await approve(app, url);

  assert.equal(await statusOf(app, m, payment.id), 'refund_rejected');
  const row = await app.deps.db
    .selectFrom('payments')
    .select('refunded_amount')
    .where('id', '=', payment.id)
    .executeTakeFirstOrThrow();
  assert.equal(Number(row.refunded_amount), 0);
  const outgoing = (await transactionsOf(app.deps, 'Payment', payment.id)).find(
    (tx) => tx.direction === 'outgoing',
  );
  assert.equal(outgoing!.amountPence, 1500);
  assert.equal(outgoing!.status, 'completed');
  assert.equal((await ledger(app)).get(merchantKey), before.get(merchantKey)! - 1500);
  const [event] = await eventsNamed(app, 'payment.bank_mismatch');
  assert.equal(JSON.parse(event!.payload).data.kind, 'refund');
});

test('a bank that pays another account or under another reference: not paid, reported with what differs', async (t) => {
  const app = await buildListeningApp(t);
  const m = await merchant(app);
  const payment = await sentPayment(app, m, '10.00');
  const url = await initiate(app, 'payment', payment.link);
  await bankWillMove(app, (await latestAttempt(app, payment.id)).consent_id!, null, {
    creditor: '04000499999999',
    reference: 'SOMEONE-ELSE',
  });
  await approve(app, url);
  assert.equal(await statusOf(app, m, payment.id), 'sent');
  const mismatch = JSON.parse((await latestAttempt(app, payment.id)).mismatch!);
  assert.deepEqual(mismatch.fields, ['creditor', 'reference']);
  assert.deepEqual(mismatch.bank.creditor, { sortCode: '040004', accountNumber: '99999999' });
  const [event] = await eventsNamed(app, 'payment.bank_mismatch');
  assert.equal(JSON.parse(event!.payload).data.bank.reference, 'SOMEONE-ELSE');
  const [tx] = await transactionsOf(app.deps, 'Payment', payment.id);
  assert.equal(tx!.amountPence, 1000, 'the money is on record');
});
