// The customer's decision on a consent, whether taken on the authorisation page or through the sandbox
// controls: approve (the consent becomes Authorised for the customer's account, and the browser goes
// back with a code) or reject (back with error=access_denied), as an OAuth2 authorization-code flow.
import { DomainError, notFound } from '../../../domain/errors.js';
import type { ObAccount } from '../../open-banking/ob-wire.js';
import { findConsent, updateConsentFrom } from '../consents.repository.js';
import {
  accountsOfCustomer,
  findAccount,
  findAccountByNumber,
  findCustomer,
} from '../ledger/ledger.repository.js';
import { accountIn } from '../ob/format.js';
import type { SandboxBank } from '../sandbox-bank.js';
import type { SandboxAccountTable, SandboxConsentTable } from '../sandbox-bank.row.js';
import { DEFAULT_CUSTOMER_ID } from '../seed.js';
import type { AuthorisationRequest } from './authorisation-request.js';
import { issueIdToken } from './id-token.js';
import { CODE_TTL_S, expiresIn, issueToken } from './tokens.js';

export interface Choice {
  /** The account to pay from (payments without a DebtorAccount). */
  accountId?: string;
  /** The customer approving (account access; or payments: their first account). */
  customerId?: string;
}

const stale = () => new DomainError('invalid_state', 'the consent is no longer awaiting authorisation');

/** The consent the request names, still awaiting the customer; else a DomainError. */
export async function pendingConsentOf(
  bank: SandboxBank,
  request: AuthorisationRequest,
): Promise<SandboxConsentTable> {
  const consent = await findConsent(bank.db, request.consentId);
  if (!consent || consent.client_id !== request.clientId) throw notFound('consent');
  const scope = consent.kind === 'account-access' ? 'accounts' : 'payments';
  if (!request.scope.split(' ').includes(scope)) {
    throw new DomainError('validation_failed', `the consent needs the ${scope} scope`);
  }
  if (consent.status !== 'AwaitingAuthorisation') throw stale();
  if (consent.expires_at !== null && consent.expires_at <= bank.clock.now().toISOString()) {
    throw new DomainError('invalid_state', 'the consent has expired');
  }
  return consent;
}

/** The account a payment consent names as its DebtorAccount, or undefined when it names none. */
export async function namedDebtorOf(bank: SandboxBank, consent: SandboxConsentTable) {
  const debtor = (JSON.parse(consent.data) as { Initiation?: { DebtorAccount?: ObAccount } }).Initiation
    ?.DebtorAccount;
  if (!debtor) return undefined;
  const numbers = accountIn(debtor, 'Data.Initiation.DebtorAccount');
  const account = await findAccountByNumber(bank.db, numbers.sortCode, numbers.accountNumber);
  if (!account)
    throw new DomainError('invalid_state', 'the consent names a debtor account this bank does not hold');
  return account;
}

async function customerAccounts(bank: SandboxBank, customerId: string): Promise<SandboxAccountTable[]> {
  const customer = await findCustomer(bank.db, customerId);
  if (!customer) throw notFound('sandbox customer');
  const accounts = await accountsOfCustomer(bank.db, customer.id);
  if (accounts.length === 0) throw new DomainError('invalid_state', `${customer.name} holds no account`);
  return accounts;
}

async function payingAccount(bank: SandboxBank, consent: SandboxConsentTable, choice: Choice) {
  const named = await namedDebtorOf(bank, consent);
  if (named) return named;
  if (choice.accountId) {
    const account = await findAccount(bank.db, choice.accountId);
    if (!account) throw notFound('sandbox account');
    return account;
  }
  const [first] = await customerAccounts(bank, choice.customerId ?? DEFAULT_CUSTOMER_ID);
  return first as SandboxAccountTable;
}

/**
 * Where the customer goes back: the hybrid flow answers in the fragment (the browser's form); the
 * sandbox controls answer the same parameters in the query (API.md 10.2), for clients without a browser.
 */
export function back(
  request: AuthorisationRequest,
  params: Record<string, string>,
  mode: 'fragment' | 'query',
): string {
  const url = new URL(request.redirectUri);
  const answer = new URLSearchParams(params);
  if (request.state !== null) answer.set('state', request.state);
  if (mode === 'query') {
    for (const [name, value] of answer) url.searchParams.set(name, value);
  } else {
    url.hash = answer.toString();
  }
  return url.toString();
}

/** Approves; answers the parameters of the redirect: the authorization code and the id_token. */
export async function approve(
  bank: SandboxBank,
  request: AuthorisationRequest,
  choice: Choice,
): Promise<Record<string, string>> {
  const consent = await pendingConsentOf(bank, request);
  const now = bank.clock.now().toISOString();
  let patch: Partial<SandboxConsentTable>;
  if (consent.kind === 'account-access') {
    const customerId = choice.customerId ?? DEFAULT_CUSTOMER_ID;
    const accounts = await customerAccounts(bank, customerId);
    patch = { customer_id: customerId, account_ids: JSON.stringify(accounts.map((a) => a.id)) };
  } else {
    const account = await payingAccount(bank, consent, choice);
    patch = { customer_id: account.customer_id, debtor_account_id: account.id };
  }
  const moved = await updateConsentFrom(bank.db, consent.id, 'AwaitingAuthorisation', {
    ...patch,
    status: 'Authorised',
    status_updated_at: now,
  });
  if (!moved) throw stale();
  const code = await issueToken(bank, {
    kind: 'code',
    clientId: request.clientId,
    scope: request.scope,
    consentId: consent.id,
    redirectUri: request.redirectUri,
    nonce: request.nonce,
    expiresAt: expiresIn(bank, CODE_TTL_S),
  });
  return { code, id_token: await issueIdToken(bank, request, code) };
}

/** Rejects; answers the parameters of the redirect: error=access_denied. */
export async function reject(
  bank: SandboxBank,
  request: AuthorisationRequest,
): Promise<Record<string, string>> {
  const consent = await pendingConsentOf(bank, request);
  const moved = await updateConsentFrom(bank.db, consent.id, 'AwaitingAuthorisation', {
    status: 'Rejected',
    status_updated_at: bank.clock.now().toISOString(),
  });
  if (!moved) throw stale();
  return {
    error: 'access_denied',
    error_description: 'The customer rejected the request at the bank',
  };
}
