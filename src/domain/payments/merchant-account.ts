// The merchant as the bank sees it: the account a payment is paid into (creditor) or a refund is paid
// out of (debtor), under the company's name (the name Confirmation of Payee checks).
import type { Deps } from '../../context.js';
import type { AccountRef as BankAccountRef } from '../../providers/bank-provider.js';
import { notFound } from '../errors.js';
import type { AccountRef, Payment } from './payment.js';

export interface MerchantAccount {
  companyName: string;
  /** The name customers know the merchant by. */
  displayName: string;
  /** The provider the merchant's account is held at. */
  provider: string;
  account: BankAccountRef;
}

export async function merchantAccountOf(deps: Deps, payment: Payment): Promise<MerchantAccount> {
  const row = await deps.db
    .selectFrom('bank_accounts')
    .innerJoin('companies', 'companies.id', 'bank_accounts.company_id')
    .select([
      'bank_accounts.sort_code',
      'bank_accounts.account_number',
      'bank_accounts.provider',
      'companies.name',
      'companies.trading_name',
    ])
    .where('bank_accounts.id', '=', payment.bankAccountId)
    .executeTakeFirst();
  if (!row) throw notFound('bank account');
  return {
    companyName: row.name,
    displayName: row.trading_name ?? row.name,
    provider: row.provider,
    account: { sortCode: row.sort_code, accountNumber: row.account_number, name: row.name },
  };
}

/** A payee of the API's shape (spec 2.3 refundPayeeAccount) as a bank account. */
export function bankAccountOf(ref: AccountRef): BankAccountRef {
  return { sortCode: ref.identification, accountNumber: ref.externalAccountId, name: ref.name };
}

/** A bank's account (e.g. the payer's, from the bank's answer) in the API's shape. */
export function accountRefOf(provider: string, account: BankAccountRef): AccountRef {
  return {
    provider,
    externalAccountId: account.accountNumber,
    identification: account.sortCode,
    name: account.name,
  };
}
