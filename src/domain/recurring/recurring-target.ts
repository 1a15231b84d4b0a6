// The account a recurring payment is paid into, and whether the company may ask for one now: the same
// rules as one-off payments (an active company, a live integration, an account that can receive).
import type { Deps } from '../../context.js';
import type { AccountRef } from '../../providers/bank-provider.js';
import { DomainError, notFound } from '../errors.js';
import { isId } from '../ids.js';
import type { RecurringPayment, RecurringTarget } from './recurring.js';

export interface Receiving {
  bankAccountId: string;
  /** The account is read through the bank's data API (account information). */
  dataApi: boolean;
  isSandbox: boolean;
}

export async function receivingAccount(deps: Deps, target: RecurringTarget): Promise<Receiving> {
  const company = await deps.db
    .selectFrom('companies')
    .select(['status'])
    .where('id', '=', target.companyId)
    .executeTakeFirst();
  if (!company) throw notFound('company');
  if (company.status !== 'active') {
    throw new DomainError('forbidden', `the company cannot take payments while ${company.status}`);
  }
  const integration = await deps.db
    .selectFrom('integrations')
    .select(['bank_account_id', 'is_sandbox'])
    .where('id', '=', target.integrationId)
    .where('company_id', '=', target.companyId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!integration) throw notFound('integration');
  const bankAccountId = target.bankAccountId ?? integration.bank_account_id;
  if (!bankAccountId)
    throw new DomainError('invalid_state', 'attach a bank account to the integration first');
  const account = isId(bankAccountId)
    ? await deps.db
        .selectFrom('bank_accounts')
        .select(['id', 'status', 'creation_type'])
        .where('id', '=', bankAccountId)
        .where('company_id', '=', target.companyId)
        .executeTakeFirst()
    : undefined;
  if (!account) throw notFound('bank account');
  if (account.status !== 'pending' && account.status !== 'verified') {
    throw new DomainError(
      'invalid_state',
      `the bank account is ${account.status} and cannot receive payments`,
    );
  }
  return {
    bankAccountId: account.id,
    dataApi: account.creation_type === 'data_api',
    isSandbox: integration.is_sandbox === 1,
  };
}

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
