// Money moving inside the sandbox bank: one debit and one credit booked in the caller's transaction,
// or nothing at all when the payer's balance is short. A credit to a sort code and account number the
// bank does not hold opens that account (API.md 9.1), so a merchant's account exists once paid.
import { newId } from '../../../domain/ids.js';
import type { Pence } from '../../../domain/money.js';
import type { SandboxBankDeps } from '../sandbox-bank.js';
import { creditsShowFpsId } from '../seed.js';
import { locks } from '../store.js';
import { openAccount } from './customers.js';
import { findAccount, findAccountByNumber, insertTransaction } from './ledger.repository.js';

export interface Payee {
  sortCode: string;
  accountNumber: string;
  name: string;
}

export interface TransferInput {
  debtorAccountId: string;
  creditor: Payee;
  amount: Pence;
  reference: string | null;
  /** The payment that moves the money (domestic payment or standing-order payment). */
  paymentId: string;
  bookedAt: string;
}

export type TransferResult = { booked: true } | { booked: false; reason: string };

export const INSUFFICIENT_FUNDS = 'Insufficient funds in the debtor account';

/** A Faster Payments id of the shape banks show (the scheme's own id is not ours to make). */
export function fasterPaymentsId(paymentId: string): string {
  return `FP${paymentId.toUpperCase().slice(0, 16)}GB${paymentId.slice(-4).toUpperCase()}`;
}

/** Must run inside a transaction: both legs commit together or not at all. */
export async function transfer(bank: SandboxBankDeps, input: TransferInput): Promise<TransferResult> {
  const { db, clock } = bank;
  if (!db.isTransaction) throw new Error('transfer must run inside a transaction');
  const debtor = await findAccount(db, input.debtorAccountId);
  if (!debtor) return { booked: false, reason: 'The debtor account no longer exists' };
  const creditor =
    (await findAccountByNumber(db, input.creditor.sortCode, input.creditor.accountNumber)) ??
    (await openAccount(bank, input.creditor));
  if (locks(bank.engine)) {
    // Both rows locked in one order, so that two opposite transfers cannot deadlock.
    await db
      .selectFrom('sandbox_bank_accounts')
      .select('id')
      .where('id', 'in', [debtor.id, creditor.id])
      .orderBy('id')
      .forUpdate()
      .execute();
  }
  const debited = await db
    .updateTable('sandbox_bank_accounts')
    .set((eb) => ({ balance: eb('balance', '-', input.amount) }))
    .where('id', '=', debtor.id)
    .where('balance', '>=', input.amount)
    .executeTakeFirst();
  if (Number(debited.numUpdatedRows) === 0) return { booked: false, reason: INSUFFICIENT_FUNDS };
  await db
    .updateTable('sandbox_bank_accounts')
    .set((eb) => ({ balance: eb('balance', '+', input.amount) }))
    .where('id', '=', creditor.id)
    .execute();
  const balances = await db
    .selectFrom('sandbox_bank_accounts')
    .select(['id', 'balance'])
    .where('id', 'in', [debtor.id, creditor.id])
    .execute();
  const balanceOf = (id: string) => Number(balances.find((b) => b.id === id)?.balance ?? 0);
  const now = clock.now().toISOString();
  const common = {
    amount: input.amount,
    booked_at: input.bookedAt,
    reference: input.reference,
    payment_id: input.paymentId,
    created_at: now,
  };
  await insertTransaction(db, {
    ...common,
    id: newId(),
    account_id: debtor.id,
    credit_debit: 'Debit',
    // With a self-transfer both legs touch one row: the debit's balance is before the credit.
    balance_after: debtor.id === creditor.id ? balanceOf(debtor.id) - input.amount : balanceOf(debtor.id),
    information: `Payment to ${creditor.name}`,
    counterparty_name: creditor.name,
    counterparty_sort_code: creditor.sort_code,
    counterparty_account_number: creditor.account_number,
  });
  // Some banks show the Faster Payments id as the credit's reference and the payer's reference in the
  // information (API.md 9.1): the creditor customer's statement says which.
  const fpsId = creditsShowFpsId(creditor.customer_id);
  await insertTransaction(db, {
    ...common,
    ...(fpsId ? { reference: fasterPaymentsId(input.paymentId) } : {}),
    id: newId(),
    account_id: creditor.id,
    credit_debit: 'Credit',
    balance_after: balanceOf(creditor.id),
    information: fpsId && input.reference ? input.reference : `Payment from ${debtor.name}`,
    counterparty_name: debtor.name,
    counterparty_sort_code: debtor.sort_code,
    counterparty_account_number: debtor.account_number,
  });
  return { booked: true };
}
