// The statuses real banks give, per sandbox customer (API.md 9.1), advancing with the sandbox clock:
// what the bank answers on the wire, what the adapter makes of it, and when the money moves.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { AccountRef } from '../../../src/providers/bank-provider.js';
import {
  type BankWorld,
  BOB,
  bankCall,
  bankWorld,
  clientToken,
  codeOf,
  MERCHANT,
} from '../../helpers/sandbox-bank.js';

const DAN: AccountRef = { sortCode: '990001', accountNumber: '10000005', name: 'Dan Pending' };
const ERIN: AccountRef = { sortCode: '990001', accountNumber: '10000006', name: 'Erin Late' };

// One service for the file: the cases are subtests of one test that holds it.
let w: BankWorld;
let n = 0;

async function submit(debtor: AccountRef, amount: number) {
  n++;
  const consent = await w.bank.createPaymentConsent({
    amount,
    reference: `ST-${n}`,
    instructionId: `st${String(n).padStart(23, '0')}`,
    creditor: MERCHANT,
    debtor,
    redirectUri: w.redirectUri,
    state: `st-${n}`,
    idempotencyKey: `st-consent-${n}`,
  });
  const redirect = await w.approve(consent.authorizationUrl);
  await w.bank.completeAuthorisation({
    consentId: consent.consentId,
    code: codeOf(redirect, `st-${n}`),
    redirectUri: w.redirectUri,
  });
  return w.bank.submitPayment({ consentId: consent.consentId, idempotencyKey: `st-pay-${n}` });
}

/** The status the bank answers on the wire, from the payment-details resource. */
async function wireStatus(paymentId: string): Promise<string> {
  const res = await bankCall(w, {
    method: 'GET',
    path: `/open-banking/v3.1/pisp/domestic-payments/${paymentId}`,
    token: await clientToken(w, 'payments'),
  });
  assert.equal(res.status, 200, res.text);
  return res.json().Data.Status;
}

async function advance(seconds: number) {
  const res = await w.call({ method: 'POST', url: '/sandbox/v1/clock/advance', payload: { seconds } });
  assert.equal(res.statusCode, 200, res.body);
}

test('payment statuses per sandbox customer', async (t) => {
  w = await bankWorld(t);
  await t.test(bob);
  await t.test(dan);
  await t.test(erin);
  await t.test(farAdvance);
});

async function bob() {
  // Bob's bank settles to the creditor at once: AcceptedCreditSettlementCompleted, completed.
  const before = await w.balance(BOB);
  const submitted = await submit(BOB, 1_000);
  assert.equal(submitted.status, 'pending', 'accepted, settling');
  assert.equal(await wireStatus(submitted.paymentId), 'AcceptedCreditSettlementCompleted');
  assert.equal((await w.bank.getPayment(submitted.paymentId)).status, 'completed');
  assert.equal(await w.balance(BOB), before - 1_000);
}

async function dan() {
  // Dan's bank answers Pending, then AcceptedWithoutPosting, then settles an hour on.
  const before = await w.balance(DAN);
  const submitted = await submit(DAN, 2_000);
  assert.equal(submitted.status, 'pending');
  assert.equal(await wireStatus(submitted.paymentId), 'Pending');
  await w.runBank();
  assert.equal(await wireStatus(submitted.paymentId), 'Pending', 'held for ten minutes of the clock');
  await advance(10 * 60);
  assert.equal(await wireStatus(submitted.paymentId), 'AcceptedWithoutPosting');
  assert.equal((await w.bank.getPayment(submitted.paymentId)).status, 'pending');
  assert.equal(await w.balance(DAN), before, 'nothing moved while not posted');
  await advance(60 * 60);
  assert.equal(await wireStatus(submitted.paymentId), 'AcceptedSettlementCompleted');
  assert.equal((await w.bank.getPayment(submitted.paymentId)).status, 'completed');
  assert.equal(await w.balance(DAN), before - 2_000);
}

async function erin() {
  // Erin's bank accepts, then rejects after acceptance; no money moves.
  const before = await w.balance(ERIN);
  const submitted = await submit(ERIN, 3_000);
  assert.equal(await wireStatus(submitted.paymentId), 'AcceptedSettlementInProcess');
  await advance(10 * 60);
  assert.equal(await wireStatus(submitted.paymentId), 'AcceptedWithoutPosting');
  assert.equal((await w.bank.getPayment(submitted.paymentId)).status, 'pending');
  await advance(60 * 60);
  assert.equal(await wireStatus(submitted.paymentId), 'Rejected');
  const rejected = await w.bank.getPayment(submitted.paymentId);
  assert.equal(rejected.status, 'rejected');
  assert.equal(await w.balance(ERIN), before);
}

async function farAdvance() {
  // A clock advanced past the whole path settles Dan's payment in one run.
  const before = await w.balance(DAN);
  const submitted = await submit(DAN, 500);
  await advance(2 * 60 * 60);
  assert.equal(await wireStatus(submitted.paymentId), 'AcceptedSettlementCompleted');
  assert.equal(await w.balance(DAN), before - 500);
}
