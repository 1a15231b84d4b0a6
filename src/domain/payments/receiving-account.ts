// Where money asked for (one-off or recurring) is received, and whether the company may ask now: an
// active company, a live integration, and an account of the company that can receive payments.
import type { Deps } from '../../context.js';
import { DomainError, notFound } from '../errors.js';
import { isId } from '../ids.js';
import { findReceivingFacts, type ReceivingFacts } from './receiving-account.repository.js';

/** Where a new payment belongs: the company, the integration that hears about it, the account paid into. */
export interface ReceivingTarget {
  companyId: string;
  integrationId: string;
  /** Defaults to the integration's bank account. */
  bankAccountId?: string | undefined;
  /** The facts of the integration's own account when already read (with the merchant credential). */
  facts?: ReceivingFacts | undefined;
}

export interface Receiving {
  bankAccountId: string;
  /** The account is read through the bank's data API (account information). */
  dataApi: boolean;
  isSandbox: boolean;
}

/** Checks that the company may take payments and finds the account they are paid into (one query). */
export async function receivingAccount(deps: Deps, target: ReceivingTarget): Promise<Receiving> {
  const facts =
    target.bankAccountId === undefined && target.facts?.integration_id === target.integrationId
      ? target.facts
      : await findReceivingFacts(deps.db, target.companyId, target.integrationId, target.bankAccountId);
  if (!facts) throw notFound('company');
  if (facts.company_status !== 'active') {
    throw new DomainError('forbidden', `the company cannot take payments while ${facts.company_status}`);
  }
  if (!facts.integration_id) throw notFound('integration');
  const bankAccountId = target.bankAccountId ?? facts.integration_account_id;
  if (!bankAccountId)
    throw new DomainError('invalid_state', 'attach a bank account to the integration first');
  if (!isId(bankAccountId) || !facts.account_id) throw notFound('bank account');
  if (facts.account_status !== 'pending' && facts.account_status !== 'verified') {
    throw new DomainError(
      'invalid_state',
      `the bank account is ${facts.account_status} and cannot receive payments`,
    );
  }
  return {
    bankAccountId: facts.account_id,
    dataApi: facts.creation_type === 'data_api',
    isSandbox: facts.is_sandbox === 1,
  };
}
