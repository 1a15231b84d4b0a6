import assert from 'node:assert/strict';
import { test } from 'node:test';
import { transfer } from '../../../src/providers/sandbox-bank/ledger/transfer.js';
import {
  ALICE,
  ALICE_ID,
  type BankWorld,
  BOB,
  bankWorld,
  codeOf,
  MERCHANT,
} from '../../helpers/sandbox-bank.js';

const DAY = 86_400_000;

async function pay(w: BankWorld, amount: number, key: string, customerId?: string) {
  const consent = await w.bank.createPaymentConsent({
    amount,
    reference: key.toUpperCase(),
    instructionId: key,
    creditor: MERCHANT,
    redirectUri: w.redirectUri,
    state: key,
    idempotencyKey: key,
  });
  const redirect = await w.approve(consent.authorizationUrl, customerId);
  await w.bank.completeAuthorisation({
    consentId: consent.consentId,
    code: codeOf(redirect, key),
    redirectUri: w.redirectUri,
  });
  return w.bank.submitPayment({ consentId: consent.consentId, idempotencyKey: `${key}-pay` });
}

async function connect(w: BankWorld, customerId: string, days = 90) {
  const consent = await w.bank.createAccountAccessConsent({
    expiresAt: new Date(w.clock.now().getTime() + days * DAY).toISOString(),
    redirectUri: w.redirectUri,
    state: `ais-${customerId}`,
  });
  const redirect = await w.approve(consent.authorizationUrl, customerId);
  await w.bank.completeAuthorisation({
    consentId: consent.consentId,
    code: codeOf(redirect, `ais-${customerId}`),
    redirectUri: w.redirectUri,
  });
  return consent.consentId;
}

test('transactions listed through account information match the ledger to the penny', async (t) => {
  const w = await bankWorld(t);
  const start = new Date(w.clock.now().getTime() - DAY).toISOString();
  await pay(w, 1_234, 'ais-pay-1');
  await pay(w, 99, 'ais-pay-2', 'd3e0c0000000000000000002');
  await pay(w, 10_001, 'ais-pay-3');
  const merchant = (await w.accounts()).find((a) => a.accountNumber === MERCHANT.accountNumber);
  assert.ok(merchant);

  const consentId = await connect(w, merchant.customerId);
  const state = await w.bank.getAccountAccessConsent(consentId);
  assert.equal(state.status, 'authorised');
  assert.ok(state.expiresAt);

  const accounts = await w.bank.listAccounts(consentId);
  assert.deepEqual(accounts, [
    {
      accountId: merchant.id,
      sortCode: MERCHANT.sortCode,
      accountNumber: MERCHANT.accountNumber,
      name: MERCHANT.name,
      currency: 'GBP',
    },
  ]);
  const balance = await w.bank.getBalance(consentId, merchant.id);
  assert.equal(balance.booked, 11_334);
  assert.equal(balance.available, 11_334);

  const end = new Date(w.clock.now().getTime() + DAY).toISOString();
  const txs = await w.bank.listTransactions(consentId, merchant.id, { from: start, to: end });
  assert.deepEqual(
    txs.map((tx) => [tx.direction, tx.amount, tx.reference]),
    [
      ['credit', 1_234, 'AIS-PAY-1'],
      ['credit', 99, 'AIS-PAY-2'],
      ['credit', 10_001, 'AIS-PAY-3'],
    ],
  );
  assert.deepEqual(txs[1]?.counterparty, BOB);
  assert.deepEqual(
    txs.map((tx) => tx.balanceAfter),
    [1_234, 1_333, 11_334],
  );
  const sum = txs.reduce((total, tx) => total + (tx.direction === 'credit' ? tx.amount : -tx.amount), 0);
  assert.equal(sum, balance.booked, 'the ledger and the statement agree');

  // The payer's side: an opening balance and two debits.
  const aliceConsent = await connect(w, ALICE_ID);
  const [alice] = await w.bank.listAccounts(aliceConsent);
  assert.ok(alice);
  const aliceTxs = await w.bank.listTransactions(aliceConsent, alice.accountId, { from: start, to: end });
  assert.deepEqual(
    aliceTxs.map((tx) => [tx.direction, tx.amount]),
    [
      ['credit', 1_000_000],
      ['debit', 1_234],
      ['debit', 10_001],
    ],
  );
  assert.deepEqual(aliceTxs[1]?.counterparty, MERCHANT);
  assert.equal((await w.bank.getBalance(aliceConsent, alice.accountId)).booked, await w.balance(ALICE));
});

test('transactions are filtered by booking date and every page is read', async (t) => {
  const w = await bankWorld(t);
  const { db, engine } = w.deps;
  const clock = w.clock;
  const startOfDay1 = new Date(clock.now().getTime() + DAY).toISOString();
  // 130 small payments from Alice to Bob, over two days (more than one page of 100).
  for (let i = 0; i < 130; i++) {
    // A second between payments, as on a real bank: at one frozen instant their order would be the ids'.
    clock.advance(i === 65 ? 2 * DAY : 1000);
    await db.transaction().execute((trx) =>
      transfer(
        { db: trx, engine, clock },
        {
          debtorAccountId: 'd3e0a0000000000000000001',
          creditor: BOB,
          amount: i + 1,
          reference: `R${i}`,
          paymentId: `p${i}`,
          bookedAt: clock.now().toISOString(),
        },
      ),
    );
  }
  const consentId = await connect(w, ALICE_ID);
  const [alice] = await w.bank.listAccounts(consentId);
  assert.ok(alice);
  const all = await w.bank.listTransactions(consentId, alice.accountId, {
    from: '2000-01-01T00:00:00.000Z',
    to: new Date(clock.now().getTime() + DAY).toISOString(),
  });
  assert.equal(all.length, 131, 'opening balance and 130 debits, across two pages');
  assert.equal(new Set(all.map((tx) => tx.transactionId)).size, 131);
  const later = await w.bank.listTransactions(consentId, alice.accountId, {
    from: startOfDay1,
    to: new Date(clock.now().getTime() + DAY).toISOString(),
  });
  assert.deepEqual(
    later.map((tx) => tx.amount),
    Array.from({ length: 65 }, (_, i) => i + 66),
  );
});

test('an expired or revoked consent reads nothing', async (t) => {
  const w = await bankWorld(t);
  const consentId = await connect(w, ALICE_ID, 1);
  assert.equal((await w.bank.listAccounts(consentId)).length, 1);
  w.clock.advance(2 * DAY);
  assert.equal((await w.bank.getAccountAccessConsent(consentId)).status, 'expired');
  await assert.rejects(
    w.bank.listAccounts(consentId),
    (err: Error & { reason?: string }) => err.reason === 'consent_invalid',
  );

  const second = await connect(w, ALICE_ID);
  const expired = await w.call({ method: 'POST', url: `/sandbox/v1/consents/${second}/expire` });
  assert.equal(expired.statusCode, 200, expired.body);
  assert.equal(expired.json().kind, 'account-access');
  await assert.rejects(
    w.bank.listAccounts(second),
    (err: Error & { reason?: string }) => err.reason === 'consent_invalid',
  );
  assert.equal((await w.bank.getAccountAccessConsent(second)).status, 'expired');

  const third = await connect(w, ALICE_ID);
  await w.bank.revokeAccountAccessConsent(third);
  assert.equal((await w.bank.getAccountAccessConsent(third)).status, 'revoked');
  await assert.rejects(
    w.bank.listAccounts(third),
    (err: Error & { reason?: string }) => err.reason === 'consent_invalid',
  );
});

test('the adapter refreshes an expired access token with the consent’s refresh token', async (t) => {
  const w = await bankWorld(t);
  const consentId = await connect(w, ALICE_ID, 30);
  const first = await w.deps.db
    .selectFrom('open_banking_grants')
    .selectAll()
    .where('consent_id', '=', consentId)
    .executeTakeFirstOrThrow();
  assert.ok(first.refresh_token);
  w.clock.advance(5 * DAY);
  await w.runBank(); // purges the expired access token at the bank
  assert.equal((await w.bank.listAccounts(consentId)).length, 1);
  const second = await w.deps.db
    .selectFrom('open_banking_grants')
    .selectAll()
    .where('consent_id', '=', consentId)
    .executeTakeFirstOrThrow();
  // Stored sealed: compared in clear.
  const open = (token: string | null) => (token === null ? null : w.deps.secrets.open(token));
  assert.notEqual(open(second.access_token), open(first.access_token));
  assert.equal(open(second.refresh_token), open(first.refresh_token));
  await w.bank.revokeAccountAccessConsent(consentId);
  const gone = await w.deps.db
    .selectFrom('open_banking_grants')
    .selectAll()
    .where('consent_id', '=', consentId)
    .executeTakeFirst();
  assert.equal(gone, undefined, 'a revoked consent’s tokens are forgotten');
});
