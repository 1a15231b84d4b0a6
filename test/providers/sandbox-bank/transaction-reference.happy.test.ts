// Where a credit's payment reference shows on a statement (API.md 9.1): in TransactionReference (most
// customers), or in TransactionInformation with the Faster Payments id as TransactionReference (Bob's
// statement). The data-API check finds the credit either way.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { findMatchingCredit } from '../../../src/domain/bank-accounts/data-api-check.js';
import type { AccountRef, BankTransaction } from '../../../src/providers/bank-provider.js';
import { ALICE, ALICE_ID, type BankWorld, BOB, bankWorld, codeOf } from '../../helpers/sandbox-bank.js';

const DAY = 86_400_000;
const BOB_ID = 'd3e0c0000000000000000002';

async function pay(w: BankWorld, from: AccountRef, to: AccountRef, amount: number, reference: string) {
  const key = reference.toLowerCase();
  const consent = await w.bank.createPaymentConsent({
    amount,
    reference,
    instructionId: key,
    creditor: to,
    debtor: from,
    redirectUri: w.redirectUri,
    state: key,
    idempotencyKey: key,
  });
  const redirect = await w.approve(consent.authorizationUrl);
  await w.bank.completeAuthorisation({
    consentId: consent.consentId,
    code: codeOf(redirect, key),
    redirectUri: w.redirectUri,
  });
  await w.bank.submitPayment({ consentId: consent.consentId, idempotencyKey: `${key}-pay` });
}

/** The credits of one customer's account, read through account information as the check reads them. */
async function creditsOf(w: BankWorld, customerId: string, account: AccountRef): Promise<BankTransaction[]> {
  const consent = await w.bank.createAccountAccessConsent({
    expiresAt: new Date(w.clock.now().getTime() + 90 * DAY).toISOString(),
    redirectUri: w.redirectUri,
    state: `ais-${customerId}`,
  });
  const redirect = await w.approve(consent.authorizationUrl, customerId);
  await w.bank.completeAuthorisation({
    consentId: consent.consentId,
    code: codeOf(redirect, `ais-${customerId}`),
    redirectUri: w.redirectUri,
  });
  const accounts = await w.bank.listAccounts(consent.consentId);
  const found = accounts.find((a) => a.accountNumber === account.accountNumber);
  assert.ok(found, `${account.name}'s account is shared`);
  const range = {
    from: new Date(w.clock.now().getTime() - DAY).toISOString(),
    to: new Date(w.clock.now().getTime() + DAY).toISOString(),
  };
  const transactions = await w.bank.listTransactions(consent.consentId, found.accountId, range);
  return transactions.filter((t) => t.direction === 'credit' && t.counterparty !== null);
}

test('the reference in TransactionReference or in TransactionInformation: the credit is found', async (t) => {
  const w = await bankWorld(t);
  await pay(w, ALICE, BOB, 1_111, 'INV-TR-1');
  await pay(w, BOB, ALICE, 2_222, 'INV-TR-2');

  const toBob = await creditsOf(w, BOB_ID, BOB);
  const bobCredit = toBob.find((c) => c.amount === 1_111);
  assert.ok(bobCredit);
  assert.match(bobCredit.reference ?? '', /^FP[0-9A-F]{16}GB[0-9A-F]{4}$/, 'the Faster Payments id');
  assert.equal(bobCredit.information, 'INV-TR-1', 'the payer’s reference');
  assert.equal(
    findMatchingCredit(toBob, { amount: 1_111, reference: 'inv-tr-1' })?.transactionId,
    bobCredit.transactionId,
  );

  const toAlice = await creditsOf(w, ALICE_ID, ALICE);
  const aliceCredit = toAlice.find((c) => c.amount === 2_222);
  assert.ok(aliceCredit);
  assert.equal(aliceCredit.reference, 'INV-TR-2');
  assert.equal(aliceCredit.information, 'Payment from Bob Jones');
  assert.equal(
    findMatchingCredit(toAlice, { amount: 2_222, reference: 'INV-TR-2' })?.transactionId,
    aliceCredit.transactionId,
  );
});

test('a reference inside TransactionInformation matches as a whole word only', () => {
  const credit = (id: string, reference: string | null, information: string | null): BankTransaction => ({
    transactionId: id,
    accountId: 'acc',
    direction: 'credit',
    amount: 500,
    status: 'booked',
    bookedAt: '2026-01-01T00:00:00.000Z',
    reference,
    information,
    counterparty: null,
    balanceAfter: null,
  });
  const credits = [
    credit('a', 'FP0001', 'INV-10 from Alice Smith'),
    credit('b', 'FP0002', 'Alice Smith  inv-1'),
    credit('c', 'INV-1', null),
  ];
  assert.equal(
    findMatchingCredit(credits, { amount: 500, reference: 'INV-1' })?.transactionId,
    'c',
    'reference first',
  );
  assert.equal(
    findMatchingCredit(credits, { amount: 500, reference: 'INV-1' }, new Set(['c']))?.transactionId,
    'b',
  );
  assert.equal(findMatchingCredit(credits, { amount: 500, reference: 'INV-10' })?.transactionId, 'a');
  assert.equal(findMatchingCredit(credits, { amount: 500, reference: 'NV-1' }, new Set(['c'])), undefined);
  assert.equal(findMatchingCredit(credits, { amount: 501, reference: 'INV-10' }), undefined);
});
