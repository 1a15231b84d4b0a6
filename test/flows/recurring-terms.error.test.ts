// A recurring payment's money is never wrong (issue 12, item 1): an edit voids the standing-order and
// initial-payment authorisations the customer holds for the old terms, and a standing order the bank
// sets up on other terms than asked never makes the recurring payment active.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildListeningApp, type ListeningApp } from '../helpers/listening-app.js';
import { merchant } from '../helpers/merchant.js';
import { http, ledger } from '../helpers/payment-flow.js';
import {
  decideAtSandbox,
  initiateRecurring,
  recurringBody,
  recurringOf,
  setNow,
} from '../helpers/recurring.js';

async function world(t: Parameters<typeof buildListeningApp>[0]) {
  const app = await buildListeningApp(t);
  setNow(app.clock, '2027-03-01T10:00:00.000Z');
  const m = await merchant(app);
  const send = async (overrides: Record<string, unknown> = {}) => {
    const res = await http(app, 'POST', '/merchant/v1/recurring-payments/send', {
      headers: m.headers,
      body: recurringBody(overrides),
    });
    assert.equal(res.status, 201, res.text);
    return res.json().result as { id: string; qrCodeData: string };
  };
  return { app, m, send };
}

/** The first date passed while the customer was at the bank (what the overdue job does). */
async function goneOverdue(app: ListeningApp, id: string) {
  await app.deps.db
    .updateTable('recurring_payments')
    .set({ status: 'overdue' })
    .where('id', '=', id)
    .execute();
}

test('an edit voids the standing-order authorisation the customer holds: sent again, the old one sets nothing up', async (t) => {
  const { app, m, send } = await world(t);
  const sent = await send();
  const oldTerms = await initiateRecurring(app, sent.qrCodeData);
  await goneOverdue(app, sent.id);
  const edited = await http(app, 'PUT', `/merchant/v1/recurring-payments/${sent.id}`, {
    headers: m.headers,
    body: recurringBody({ recurringAmount: '250.00', recurringPaymentDate: '2027-04-30' }),
  });
  assert.equal(edited.status, 200, edited.text);
  const again = await http(app, 'POST', `/merchant/v1/recurring-payments/${sent.id}/send`, {
    headers: m.headers,
  });
  assert.equal(again.status, 200, again.text);

  const page = await http(app, 'GET', await decideAtSandbox(app, oldTerms));
  assert.match(page.text, /changed while you were at your bank/);
  const authorisations = await app.deps.db
    .selectFrom('recurring_authorisations')
    .select('status')
    .where('recurring_payment_id', '=', sent.id)
    .execute();
  assert.deepEqual(
    authorisations.map((a) => a.status),
    ['voided'],
  );
  assert.equal(
    (await recurringOf(app, m, sent.id)).status,
    'sent',
    'not active on a standing order of 25.00',
  );

  await decideAtSandbox(app, await initiateRecurring(app, sent.qrCodeData));
  assert.equal((await recurringOf(app, m, sent.id)).status, 'active');
});

test('an edit voids the initial payment authorisation: no money moves for the old amount', async (t) => {
  const { app, m, send } = await world(t);
  const sent = await send({ initialPaymentAmount: '100.00' });
  const before = await ledger(app);
  const oldInitial = await initiateRecurring(app, sent.qrCodeData);
  await goneOverdue(app, sent.id);
  const edited = await http(app, 'PUT', `/merchant/v1/recurring-payments/${sent.id}`, {
    headers: m.headers,
    body: recurringBody({ initialPaymentAmount: '1.00', recurringPaymentDate: '2027-04-30' }),
  });
  assert.equal(edited.status, 200, edited.text);
  await http(app, 'POST', `/merchant/v1/recurring-payments/${sent.id}/send`, { headers: m.headers });

  await decideAtSandbox(app, oldInitial);
  assert.deepEqual(await ledger(app), before, 'the 100.00 authorised before the edit moved nothing');
  const [attempt] = await app.deps.db.selectFrom('payment_attempts').select('status').execute();
  assert.equal(attempt!.status, 'voided');
});

test('a standing order set up on other terms than asked is recorded and reported, never active', async (t) => {
  const { app, m, send } = await world(t);
  const sent = await send();
  const url = await initiateRecurring(app, sent.qrCodeData);
  const [authorisation] = await app.deps.db.selectFrom('recurring_authorisations').selectAll().execute();
  const consent = await app.deps.db
    .selectFrom('sandbox_bank_consents')
    .select('data')
    .where('id', '=', authorisation!.consent_id!)
    .executeTakeFirstOrThrow();
  const data = JSON.parse(consent.data);
  data.Initiation.RecurringPaymentAmount.Amount = '2.50';
  await app.deps.db
    .updateTable('sandbox_bank_consents')
    .set({ data: JSON.stringify(data) })
    .where('id', '=', authorisation!.consent_id!)
    .execute();

  await decideAtSandbox(app, url);
  assert.notEqual((await recurringOf(app, m, sent.id)).status, 'active');
  const [row] = await app.deps.db.selectFrom('recurring_authorisations').selectAll().execute();
  assert.deepEqual(JSON.parse(row!.mismatch!).fields, ['amount']);
  const [event] = await app.deps.db
    .selectFrom('events')
    .selectAll()
    .where('event_name', '=', 'recurring_payment.bank_mismatch')
    .execute();
  assert.ok(event, 'the merchant is told');
  assert.equal(JSON.parse(event.payload).data.bank.amount, '2.50');
});
