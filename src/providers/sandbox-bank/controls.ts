// What the sandbox controls (API.md 9.1) do at the bank: decide an authorisation as the customer would,
// expire a consent, list and open accounts. Settling, rejecting and failing payments are in
// pisp/settlement.ts and pisp/standing-order-runner.ts.
import { DomainError, notFound } from '../../domain/errors.js';
import { formatAmount } from '../../domain/money.js';
import { findConsent, updateConsentFrom } from './consents.repository.js';
import { type CustomerWithAccounts, createCustomer, type NewAccount } from './ledger/customers.js';
import { listAccounts } from './ledger/ledger.repository.js';
import { approve, back, reject } from './oauth/authorisation.js';
import { authorisationRequestFromUrl } from './oauth/authorisation-request.js';
import type { SandboxBank, SandboxBankDeps } from './sandbox-bank.js';
import type { SandboxAccountTable } from './sandbox-bank.row.js';

/** Approves as the account holder would (the consent's DebtorAccount, else customerId, else the demo customer). */
export async function approveAuthorisation(
  bank: SandboxBank,
  authorizationUrl: string,
  customerId?: string,
): Promise<string> {
  const request = await authorisationRequestFromUrl(bank, authorizationUrl);
  return back(request, await approve(bank, request, customerId ? { customerId } : {}), 'query');
}

export async function rejectAuthorisation(bank: SandboxBank, authorizationUrl: string): Promise<string> {
  const request = await authorisationRequestFromUrl(bank, authorizationUrl);
  return back(request, await reject(bank, request), 'query');
}

export interface ExpiredConsent {
  consentId: string;
  kind: string;
  status: string;
  expiresAt: string | null;
}

/**
 * Ends a consent now. An account-access consent reaches its ExpirationDateTime (reads answer 403); a
 * payment or standing-order consent not yet used is Rejected (it can no longer be authorised or used).
 */
export async function expireConsent(bank: SandboxBankDeps, consentId: string): Promise<ExpiredConsent> {
  const consent = await findConsent(bank.db, consentId);
  if (!consent) throw notFound('sandbox bank consent');
  const now = bank.clock.now().toISOString();
  if (consent.kind === 'account-access') {
    if (consent.status === 'Rejected' || consent.status === 'Revoked') {
      throw new DomainError('invalid_state', `the consent is already ${consent.status}`);
    }
    await bank.db
      .updateTable('sandbox_bank_consents')
      .set({ expires_at: now, status_updated_at: now })
      .where('id', '=', consent.id)
      .execute();
    return { consentId: consent.id, kind: consent.kind, status: consent.status, expiresAt: now };
  }
  if (consent.status !== 'AwaitingAuthorisation' && consent.status !== 'Authorised') {
    throw new DomainError('invalid_state', `the consent is already ${consent.status}`);
  }
  if (
    !(await updateConsentFrom(bank.db, consent.id, consent.status, {
      status: 'Rejected',
      status_updated_at: now,
    }))
  ) {
    throw new DomainError('invalid_state', 'the consent changed meanwhile; try again');
  }
  return { consentId: consent.id, kind: consent.kind, status: 'Rejected', expiresAt: null };
}

export interface SandboxAccountView {
  id: string;
  customerId: string;
  name: string;
  sortCode: string;
  accountNumber: string;
  balance: string;
}

export const accountViewOf = (a: SandboxAccountTable): SandboxAccountView => ({
  id: a.id,
  customerId: a.customer_id,
  name: a.name,
  sortCode: a.sort_code,
  accountNumber: a.account_number,
  balance: formatAmount(Number(a.balance)),
});

/** The bank's whole ledger of accounts, oldest first. */
export async function listSandboxAccounts(bank: SandboxBankDeps): Promise<SandboxAccountView[]> {
  return (await listAccounts(bank.db)).map(accountViewOf);
}

export async function createSandboxCustomer(
  bank: SandboxBankDeps,
  input: { name: string; accounts: NewAccount[] },
): Promise<CustomerWithAccounts> {
  return createCustomer(bank, { name: input.name, kind: 'personal', accounts: input.accounts });
}
