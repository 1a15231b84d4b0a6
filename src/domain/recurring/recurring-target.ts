// The account a recurring payment is paid into, and whether the company may ask for one now: the same
// rules as one-off payments (an active company, a live integration, an account that can receive).
import type { Deps } from '../../context.js';
import type { AccountRef } from '../../providers/bank-provider.js';
import { notFound } from '../errors.js';
import type { RecurringPayment } from './recurring.js';

export { type Receiving, receivingAccount } from '../payments/receiving-account.js';

export interface Payee {
  /** The name customers know the merchant by. */
  displayName: string;
  /** The account paid into, under the company's name (the name Confirmation of Payee checks). */
  account: AccountRef;
}

/** The merchant as the customer's bank sees it for a recurring payment. */
export async function payeeOf(deps: Deps, recurring: RecurringPayment): Promise<Payee> {
  const row = await deps.db
    .selectFrom('bank_accounts')
    .innerJoin('companies', 'companies.id', 'bank_accounts.company_id')
    .select([
      'bank_accounts.sort_code',
      'bank_accounts.account_number',
      'companies.name',
      'companies.trading_name',
    ])
    .where('bank_accounts.id', '=', recurring.bankAccountId)
    .executeTakeFirst();
  if (!row) throw notFound('bank account');
  return {
    displayName: row.trading_name ?? row.name,
    account: { sortCode: row.sort_code, accountNumber: row.account_number, name: row.name },
  };
}
