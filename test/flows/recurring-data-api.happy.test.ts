// Recurring items found through account information: the merchant's account is connected via the data
// API at the sandbox bank, so each standing-order payment is also looked for among its credits, which
// confirm it (or pay it, when the bank gives no payment details), or mark it not found after the window.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { transactionsOf } from '../../src/domain/transactions/transaction.service.js';
import type { BankProvider } from '../../src/providers/bank-provider.js';
import { connectViaApp, connectWorld } from '../helpers/bank-connect.js';
import { createIntegration } from '../helpers/fixtures.js';
import type { ListeningApp } from '../helpers/listening-app.js';
import { http } from '../helpers/payment-flow.js';
import {
  advanceDays,
  decideAtSandbox,
  initiateRecurring,
  recurringBody,
  setNow,
} from '../helpers/recurring.js';

async function connectedMerchant(t: Parameters<typeof connectWorld>[0]) {
  const world = await connectWorld(t);
  setNow(world.app.clock, '2027-03-01T10:00:00.000Z');
  await connectViaApp(world);
  const integration = await createIntegration(world.app, world.partner, world.companyId);
  const headers = integration.merchantHeaders;
  const type = await http(world.app, 'GET', '/merchant/v1/bank-account/connection-type', { headers });
  assert.equal(type.json().data.connectionType, 'data_api');
  const setUp = async () => {
    const sent = await http(world.app, 'POST', '/merchant/v1/recurring-payments/send', {
      headers,
      body: recurringBody(),
    });
    assert.equal(sent.status, 201, sent.text);
    const { id, qrCodeData } = sent.json().result;
    await decideAtSandbox(world.app, await initiateRecurring(world.app, qrCodeData));
    return id as string;
  };
  return { app: world.app, headers, setUp };
}

/** The sandbox bank as a bank that answers some questions differently (a test double around the real one). */
function bankAnswering(app: ListeningApp, changes: Partial<BankProvider>): void {
  const get = app.deps.banks.get.bind(app.deps.banks);
  app.deps.banks.get = (id) => {
    const real = get(id);
    return new Proxy(real, {
      get: (target, name, receiver) =>
        name in changes ? changes[name as keyof BankProvider] : Reflect.get(target, name, receiver),
    });
  };
}

const itemsOf = async (app: ListeningApp, headers: Record<string, string>, id: string) =>
  (await http(app, 'GET', `/merchant/v1/recurring-payments/${id}/payments`, { headers })).json();

test("the merchant's account confirms each standing-order payment: the transaction's data-API check finds it", async (t) => {
  const { app, headers, setUp } = await connectedMerchant(t);
  const id = await setUp();
  await advanceDays(app, 30);
  assert.equal((await itemsOf(app, headers, id))[0].status, 'paid');
  const [tx] = await transactionsOf(app.deps, 'RecurringPayment', id);
  assert.equal(tx!.status, 'completed');
  assert.equal(tx!.dataApiCheckStatus, 'payment_received');
  assert.ok(tx!.lastDataApiCheckAt);
  assert.equal(tx!.completedAt, '2027-03-31T00:00:00.000Z');
});

test('a bank without payment details: the credit in the merchant account pays the item', async (t) => {
  const { app, headers, setUp } = await connectedMerchant(t);
  const id = await setUp();
  bankAnswering(app, { listStandingOrderPayments: async () => [] });
  await advanceDays(app, 30);
  const [first] = await itemsOf(app, headers, id);
  assert.equal(first.status, 'paid');
  assert.equal(first.completedAt, '2027-03-31T00:00:00.000Z');
  const incoming = await transactionsOf(app.deps, 'RecurringPayment', id);
  assert.equal(incoming.length, 1);
  assert.equal(incoming[0]!.dataApiCheckStatus, 'payment_received');
  assert.ok(incoming[0]!.externalRef, 'the credit in the account is the reference');
});

test('a credit the account never shows: paid by the standing order, payment_not_found after the window', async (t) => {
  const { app, headers, setUp } = await connectedMerchant(t);
  const id = await setUp();
  bankAnswering(app, { listTransactions: async () => [] });
  await advanceDays(app, 30);
  assert.equal((await itemsOf(app, headers, id))[0].status, 'paid');
  assert.equal(
    (await transactionsOf(app.deps, 'RecurringPayment', id))[0]!.dataApiCheckStatus,
    'pending_payment',
  );
  await advanceDays(app, 5); // past DATA_API_CHECK_DAYS (3); the daily check reads it again
  assert.equal(
    (await transactionsOf(app.deps, 'RecurringPayment', id))[0]!.dataApiCheckStatus,
    'payment_not_found',
  );
});
