// Transactions made by real payments at the sandbox bank (live and sandbox integrations, a refund), and
// one of a recurring payment's item: list with envelope D and filters, get, and the statistic.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openTransaction } from '../../../src/domain/transactions/transaction.service.js';
import { buildListeningApp } from '../../helpers/listening-app.js';
import { addBankAccount } from '../../helpers/partner-companies.js';
import { type PartnerMerchant, partnerMerchant, partnerPaymentBody } from '../../helpers/partner-payments.js';
import { http, payAtSandbox } from '../../helpers/payment-flow.js';
import { recurringBody } from '../../helpers/recurring.js';

const TRANSACTION_KEYS = [
  'amount',
  'completedAt',
  'createdAt',
  'dataApiCheckStatus',
  'direction',
  'externalRef',
  'id',
  'integration',
  'lastDataApiCheckAt',
  'parentEntity',
  'parentEntityType',
  'reference',
  'status',
];

type App = Awaited<ReturnType<typeof buildListeningApp>>;

async function paid(app: App, m: PartnerMerchant, bankAccount: string, amount: string, ref: string) {
  const created = await http(app, 'POST', `${m.base}/payments`, {
    headers: m.headers,
    body: partnerPaymentBody(bankAccount, { amount, invoiceRefNumber: ref }),
  });
  assert.equal(created.status, 200, created.text);
  const payment = created.json().result;
  await payAtSandbox(app, 'payment', payment.link);
  return payment as { id: string; link: string };
}

const get = async (app: App, m: PartnerMerchant, path: string) => {
  const res = await http(app, 'GET', `${m.base}${path}`, { headers: m.headers });
  assert.equal(res.status, 200, `${path}: ${res.text}`);
  return res.json();
};

test('list (envelope D, filters), get (parentEntity in the 2.3 form) and the statistic, live and sandbox apart', async (t) => {
  const app = await buildListeningApp(t);
  const m = await partnerMerchant(app);
  const sandboxAccount = await addBankAccount(app, m.partner, m.companyId, {
    accountNumber: '23232323',
    provider: 'ob-sandbox',
  });
  const sandboxIntegration = await http(app, 'POST', `${m.base}/integrations`, {
    headers: m.headers,
    body: {
      name: 'Test shop',
      webhookUrl: 'https://shop.example/test-hooks',
      bankAccount: sandboxAccount.id,
      isSandbox: true,
    },
  });
  assert.equal(sandboxIntegration.status, 200, sandboxIntegration.text);

  const start = app.clock.now().toISOString();
  await paid(app, m, m.bankAccountId, '10.00', 'live-1');
  const second = await paid(app, m, m.bankAccountId, '32.45', 'live-2');
  await paid(app, m, sandboxAccount.id, '7.10', 'test-1');
  const refund = await http(app, 'POST', `${m.base}/payments/${second.id}/refund`, {
    headers: m.headers,
    body: { amount: '2.45' },
  });
  assert.equal(refund.status, 200, refund.text);
  await payAtSandbox(app, 'refund', refund.json().result.refundLink);
  // A recurring payment's item, paid by standing order: its transaction names the recurring payment.
  const recurring = await http(app, 'POST', `${m.base}/recurring-payments`, {
    headers: m.headers,
    body: recurringBody({ recurringPaymentDate: '2031-03-31' }),
  });
  assert.equal(recurring.status, 200, recurring.text);
  const recurringId = recurring.json().result.id;
  await openTransaction(app.deps, {
    companyId: m.companyId,
    integrationId: m.integrationId,
    parentType: 'RecurringPayment',
    parentId: recurringId,
    direction: 'incoming',
    amountPence: 2500,
    reference: 'gym-2027',
    externalRef: null,
    isSandbox: false,
    dataApiCheckStatus: 'not_applicable',
  });

  const all = (await get(app, m, '/transactions')).data;
  assert.equal(all.totalDocs, 5);
  assert.equal(all.pagingCounter, 1);
  assert.equal(all.nextPage, null);
  for (const doc of all.docs) assert.deepEqual(Object.keys(doc).sort(), TRANSACTION_KEYS);
  assert.deepEqual(
    all.docs.map((d: any) => [d.direction, d.status, d.amount, d.reference, d.parentEntityType]),
    [
      ['incoming', 'pending', '25.00', 'gym-2027', 'RecurringPayment'],
      ['outgoing', 'completed', '2.45', 'RF-live-2', 'Payment'],
      ['incoming', 'completed', '7.10', 'test-1', 'Payment'],
      ['incoming', 'completed', '32.45', 'live-2', 'Payment'],
      ['incoming', 'completed', '10.00', 'live-1', 'Payment'],
    ],
  );
  const [recurringTx, refundTx, , liveTx] = all.docs;
  assert.equal(recurringTx.parentEntity.id, recurringId);
  assert.equal(recurringTx.parentEntity.reference, 'gym-2027');
  assert.equal(refundTx.parentEntity.id, second.id);
  assert.equal(refundTx.parentEntity.status, 'partial_refund');
  assert.equal(liveTx.integration, m.integrationId);
  assert.match(liveTx.externalRef, /.+/);

  const one = (await get(app, m, `/transactions/${liveTx.id}`)).data;
  assert.deepEqual(Object.keys(one).sort(), TRANSACTION_KEYS);
  assert.equal(one.parentEntityType, 'Payment');
  assert.equal(one.parentEntity.id, second.id);
  assert.equal(one.parentEntity.invoiceRefNumber, 'live-2', 'the processed form of spec 2.3');
  assert.equal(one.parentEntity.transaction, liveTx.id);
  assert.equal(one.parentEntity.integration, m.integrationId);
  assert.equal(one.parentEntity.customRedirectUrl, undefined);

  const ids = async (query: string) =>
    (await get(app, m, `/transactions?${query}`)).data.docs.map((d: any) => d.amount);
  assert.deepEqual(await ids('filter=isSandbox&filterValue=true'), ['7.10']);
  assert.deepEqual(await ids('filter=isSandbox&filterValue=false'), ['25.00', '2.45', '32.45', '10.00']);
  assert.deepEqual(await ids('filter=status&filterValue=pending'), ['25.00']);
  assert.deepEqual(await ids('filter=direction&filterValue=outgoing'), ['2.45']);
  assert.deepEqual(await ids('status=completed&direction=incoming&filter=isSandbox&filterValue=false'), [
    '32.45',
    '10.00',
  ]);
  assert.deepEqual(
    await ids(`dateTo=${encodeURIComponent(start)}`),
    [],
    'nothing completed before the start',
  );
  assert.deepEqual(await ids(`dateFrom=${encodeURIComponent(start)}`), ['2.45', '7.10', '32.45', '10.00']);
  const paged = (await get(app, m, '/transactions?limit=2&page=3')).data;
  assert.deepEqual(
    [paged.totalPages, paged.pagingCounter, paged.hasNextPage, paged.prevPage, paged.docs.length],
    [3, 5, false, 2, 1],
  );

  const statistic = async (query: string) => (await get(app, m, `/transactions/statistics?${query}`)).data;
  // Money received: completed incoming only; the refund is not subtracted, the pending item not counted.
  assert.deepEqual(await statistic(''), [{ totalAmount: '42.45', totalCount: '2' }]);
  assert.deepEqual(await statistic('isSandbox=false'), [{ totalAmount: '42.45', totalCount: '2' }]);
  assert.deepEqual(await statistic('isSandbox=true'), [{ totalAmount: '7.10', totalCount: '1' }]);
  const [from, to] = [start.slice(0, 10), app.clock.now().toISOString().slice(0, 10)];
  assert.deepEqual(await statistic(`dateFrom=${from}&dateTo=${to}`), [
    { totalAmount: '42.45', totalCount: '2' },
  ]);
  assert.deepEqual(await statistic(`dateTo=${encodeURIComponent(start)}`), [
    { totalAmount: '0.00', totalCount: '0' },
  ]);
});
