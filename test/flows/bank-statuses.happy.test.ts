// paybank against the statuses real banks give (API.md 9.1 demo customers): a payment is `paid` only
// once the bank reports the money settled (AcceptedSettlementCompleted or
// AcceptedCreditSettlementCompleted); Pending and AcceptedWithoutPosting keep it `pending`; a rejection
// after acceptance makes it `rejected` with no money moved and never passes through `paid`.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { listActions } from '../../src/domain/payments/payment.repository.js';
import { SANDBOX_SORT_CODE } from '../../src/providers/sandbox-bank/index.js';
import { buildListeningApp, type ListeningApp } from '../helpers/listening-app.js';
import { type Merchant, paymentBody } from '../helpers/merchant.js';
import {
  http,
  ledger,
  merchantAccountKey,
  merchantWithReceiver,
  payAtSandbox,
  statusOf,
} from '../helpers/payment-flow.js';
import { startWebhookReceiver } from '../helpers/webhook-receiver.js';

const BOB_ID = 'd3e0c0000000000000000002';
const DAN_ID = 'd3e0c0000000000000000004';
const ERIN_ID = 'd3e0c0000000000000000005';

test('bank statuses map to payment statuses, advancing with the sandbox clock', async (t) => {
  const app = await buildListeningApp(t);
  const receiver = await startWebhookReceiver(t);
  const m = await merchantWithReceiver(app, receiver, { servicePaymentPageRedirectEnabled: false });

  await t.test('credit settled at once: paid on return', async () => {
    const { id, status } = await pay(app, m, 'INV-BOB', BOB_ID);
    assert.equal(status, 'paid');
    assert.equal(await statusOf(app, m, id), 'paid');
  });

  await t.test('Pending, then AcceptedWithoutPosting: pending until settled, then paid', async () => {
    const before = await ledger(app);
    const { id, status } = await pay(app, m, 'INV-DAN', DAN_ID);
    assert.notEqual(status, 'paid');
    assert.equal(await statusOf(app, m, id), 'pending');
    await advance(app, 10 * 60);
    assert.equal(await statusOf(app, m, id), 'pending', 'accepted without posting is not paid');
    assert.deepEqual(await ledger(app), before, 'no money moved yet');
    await advance(app, 60 * 60);
    assert.equal(await statusOf(app, m, id), 'paid');
    const after = await ledger(app);
    assert.equal(
      after.get(`${SANDBOX_SORT_CODE} 10000005`),
      (before.get(`${SANDBOX_SORT_CODE} 10000005`) ?? 0) - 2550,
    );
    const merchantKey = await merchantAccountKey(app, m);
    assert.equal(after.get(merchantKey), (before.get(merchantKey) ?? 0) + 2550);
  });

  await t.test('rejected after acceptance: rejected, never paid, nothing moved', async () => {
    const before = await ledger(app);
    const { id } = await pay(app, m, 'INV-ERIN', ERIN_ID);
    assert.equal(await statusOf(app, m, id), 'pending');
    await advance(app, 10 * 60);
    assert.equal(await statusOf(app, m, id), 'pending');
    await advance(app, 60 * 60);
    assert.equal(await statusOf(app, m, id), 'rejected');
    assert.deepEqual(await ledger(app), before);
    const actions = await listActions(app.deps.db, id);
    const statuses = actions.map((a) => a.snapshot.status);
    assert.ok(!statuses.includes('paid'), `the payment never passed through paid: ${statuses.join(', ')}`);
  });
});

test('a refund from an account whose bank rejects late: refund_started, then refund_rejected', async (t) => {
  const app = await buildListeningApp(t);
  const receiver = await startWebhookReceiver(t);
  const m = await merchantWithReceiver(app, receiver, { servicePaymentPageRedirectEnabled: false });
  // The merchant banks with Erin Late's account, so the refund (paid from it) meets her bank's behaviour.
  await app.deps.db
    .updateTable('bank_accounts')
    .set({ sort_code: SANDBOX_SORT_CODE, account_number: '10000006' })
    .where('id', '=', m.bankAccountId)
    .execute();
  const { id, status } = await pay(app, m, 'INV-REFUND', BOB_ID);
  assert.equal(status, 'paid');
  const started = await http(app, 'POST', `/merchant/v1/payments/${id}/refund`, {
    headers: m.headers,
    body: { amount: '25.50' },
  });
  assert.equal(started.status, 200, started.text);
  const before = await ledger(app);
  const back = await payAtSandbox(app, 'refund', started.json().result.refundLink);
  assert.equal(back.status, 303);
  assert.equal(await statusOf(app, m, id), 'refund_started');
  await advance(app, 10 * 60);
  assert.equal(await statusOf(app, m, id), 'refund_started', 'accepted without posting is not refunded');
  await advance(app, 60 * 60);
  assert.equal(await statusOf(app, m, id), 'refund_rejected');
  assert.deepEqual(await ledger(app), before, 'the refund moved nothing');
});

async function pay(app: ListeningApp, m: Merchant, ref: string, customerId: string) {
  const created = await http(app, 'POST', '/merchant/v1/payments/process', {
    headers: m.headers,
    body: paymentBody({ amount: '25.50', invoiceRefNumber: ref, customRedirectUrl: undefined }),
  });
  assert.equal(created.status, 200, created.text);
  const { id, link } = created.json().result;
  const back = await payAtSandbox(app, 'payment', link, 'approve', customerId);
  assert.equal(back.status, 303);
  return { id: id as string, status: new URL(back.location).searchParams.get('status') };
}

async function advance(app: ListeningApp, seconds: number) {
  const res = await http(app, 'POST', '/sandbox/v1/clock/advance', { body: { seconds } });
  assert.equal(res.status, 200, res.text);
}
