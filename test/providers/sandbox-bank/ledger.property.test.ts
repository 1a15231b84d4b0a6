import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { transfer } from '../../../src/providers/sandbox-bank/ledger/transfer.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';

async function ledger(app: TestApp) {
  const accounts = await app.deps.db
    .selectFrom('sandbox_bank_accounts')
    .select(['id', 'sort_code', 'account_number', 'name', 'balance'])
    .orderBy('id')
    .execute();
  const sums = await app.deps.db
    .selectFrom('sandbox_bank_transactions')
    .select(['account_id', 'credit_debit', 'amount'])
    .execute();
  return { accounts, sums };
}

test('for any sequence of payments between sandbox accounts the sum of all balances never changes', async (t) => {
  const app = await buildTestApp(t);
  const { accounts: start } = await ledger(app);
  const total = start.reduce((sum, a) => sum + Number(a.balance), 0);
  const payees = [
    ...start.map((a) => ({ sortCode: a.sort_code, accountNumber: a.account_number, name: a.name })),
    // Accounts the bank does not hold yet: a credit opens them.
    { sortCode: '401234', accountNumber: '11111111', name: 'Shop One' },
    { sortCode: '401234', accountNumber: '22222222', name: 'Shop Two' },
  ];
  const payment = fc.record({
    from: fc.nat({ max: 100 }),
    to: fc.nat({ max: payees.length - 1 }),
    amount: fc.oneof(fc.integer({ min: 1, max: 1_000 }), fc.integer({ min: 1, max: 3_000_000 })),
  });
  let n = 0;
  await fc.assert(
    fc.asyncProperty(fc.array(payment, { minLength: 1, maxLength: 12 }), async (payments) => {
      for (const p of payments) {
        const { accounts } = await ledger(app);
        const from = accounts[p.from % accounts.length];
        assert.ok(from);
        const before = Number(from.balance);
        const result = await app.deps.db.transaction().execute((trx) =>
          transfer(
            { db: trx, engine: app.deps.engine, clock: app.clock },
            {
              debtorAccountId: from.id,
              creditor: payees[p.to] ?? payees[0]!,
              amount: p.amount,
              reference: `P${n}`,
              paymentId: `payment-${n++}`,
              bookedAt: app.clock.now().toISOString(),
            },
          ),
        );
        assert.equal(result.booked, before >= p.amount, 'paid exactly when the payer could afford it');
      }
      const { accounts, sums } = await ledger(app);
      assert.equal(
        accounts.reduce((sum, a) => sum + Number(a.balance), 0),
        total,
      );
      for (const account of accounts) {
        assert.ok(Number(account.balance) >= 0, `${account.name} overdrawn`);
        const booked = sums
          .filter((s) => s.account_id === account.id)
          .reduce((sum, s) => sum + (s.credit_debit === 'Credit' ? 1 : -1) * Number(s.amount), 0);
        assert.equal(booked, Number(account.balance), `${account.name}: transactions add up to the balance`);
      }
    }),
    { numRuns: 40 },
  );
});
