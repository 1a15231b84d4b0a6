// The data-API check of single payments (spec 2.2, issue 7 item 7): a payment into an account connected
// through the bank's data API is confirmed from the merchant's own account at the sandbox bank; one whose
// credit never shows ends payment_not_found; a manual account's payments are not_applicable.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkPaymentsThroughDataApi } from '../../src/domain/payments/data-api-check.js';
import { accountsUrl } from '../helpers/bank-accounts.js';
import { connectViaApp, connectWorld } from '../helpers/bank-connect.js';
import { integrationBody } from '../helpers/fixtures.js';
import { payAtSandbox } from '../helpers/payment-flow.js';

const DAY_MS = 24 * 60 * 60 * 1000;

test('a payment into a connected account is received; one whose credit never shows is not found', async (t) => {
  const world = await connectWorld(t, { SANDBOX_SETTLEMENT: 'manual' });
  const { app, http, partner, companyId } = world;
  await connectViaApp(world);
  const accounts = (await http('GET', accountsUrl(companyId), partner.terminalHeaders)).json.data.docs;
  assert.ok(accounts.every((a: { creationType: string }) => a.creationType === 'data_api'));
  const created = await http(
    'POST',
    `/terminal/v1/companies/${companyId}/integrations`,
    partner.terminalHeaders,
    integrationBody(),
  );
  assert.equal(created.status, 201, JSON.stringify(created.json));
  const headers = { 'integration-id': created.json.result.id, 'secret-key': created.json.result.secretKey };

  const pay = async (ref: string) => {
    const res = await http('POST', '/merchant/v1/payments/process', headers, {
      invoiceRefNumber: ref,
      amount: '42.50',
    });
    assert.equal(res.status, 200, JSON.stringify(res.json));
    assert.equal(res.json.result.dataApiCheckStatus, 'pending_payment');
    await payAtSandbox(app, 'payment', res.json.result.link);
    return res.json.result.id as string;
  };
  const settled = await pay('INV-DA-1');
  const stuck = await pay('INV-DA-2');
  // The bank settles the first (its credit is booked in the merchant's account); the second stays in process.
  assert.equal((await http('POST', `/sandbox/v1/payments/${settled}/settle`)).status, 200);

  const first = await checkPaymentsThroughDataApi(app.deps);
  assert.deepEqual(first, { received: 1, notFound: 0 });
  const row = async (id: string) =>
    app.deps.db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  assert.equal((await row(settled)).data_api_check_status, 'payment_received');
  assert.equal((await row(settled)).status, 'paid');
  assert.ok((await row(settled)).last_data_api_check_at);
  assert.equal((await row(stuck)).data_api_check_status, 'pending_payment');
  assert.ok((await row(stuck)).last_data_api_check_at, 'the check was made and noted');
  const tx = await app.deps.db
    .selectFrom('transactions')
    .selectAll()
    .where('parent_id', '=', settled)
    .executeTakeFirstOrThrow();
  assert.equal(tx.data_api_check_status, 'payment_received');
  assert.equal(tx.status, 'completed');

  // Running again changes nothing: the credit is taken.
  assert.deepEqual(await checkPaymentsThroughDataApi(app.deps), { received: 0, notFound: 0 });

  // Within the window the missing credit is not a verdict yet; after it, it is.
  app.clock.advance(2 * DAY_MS);
  assert.deepEqual(await checkPaymentsThroughDataApi(app.deps), { received: 0, notFound: 0 });
  app.clock.advance(2 * DAY_MS);
  assert.deepEqual(await checkPaymentsThroughDataApi(app.deps), { received: 0, notFound: 1 });
  assert.equal((await row(stuck)).data_api_check_status, 'payment_not_found');

  // The merchant heard about both verdicts.
  const events = await app.deps.db
    .selectFrom('events')
    .select(['payload'])
    .where('event_name', '=', 'payment.status_updated')
    .orderBy('seq')
    .execute();
  const verdicts = events
    .map((e) => JSON.parse(e.payload).data)
    .filter((d: { dataApiCheckStatus: string }) => d.dataApiCheckStatus !== 'pending_payment')
    .map((d: { id: string; dataApiCheckStatus: string }) => [d.id, d.dataApiCheckStatus]);
  assert.deepEqual(verdicts, [
    [settled, 'payment_received'],
    [stuck, 'payment_not_found'],
  ]);
  const got = await http('GET', `/merchant/v1/payments/${stuck}`, headers);
  assert.equal(got.status, 200);
});
