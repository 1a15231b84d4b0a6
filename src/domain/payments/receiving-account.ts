// Where money asked for (one-off or recurring) is received, and whether the company may ask now: an
// active company, a live integration, and an account of the company that can receive payments.
import type { Deps } from '../../context.js';
import { DomainError, notFound } from '../errors.js';
import { isId } from '../ids.js';

/** Where a new payment belongs: the company, the integration that hears about it, the account paid into. */
export interface ReceivingTarget {
  companyId: string;
  integrationId: string;
  /** Defaults to the integration's bank account. */
  bankAccountId?: string | undefined;
}

export interface Receiving {
  bankAccountId: string;
  /** The account is read through the bank's data API (account information). */
  dataApi: boolean;
  isSandbox: boolean;
}

/** Checks that the company may take payments and finds the account they are paid into. */
export async function receivingAccount(deps: Deps, target: ReceivingTarget): Promise<Receiving> {
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
