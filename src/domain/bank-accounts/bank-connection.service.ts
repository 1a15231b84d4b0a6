// Connecting bank accounts through the bank's data API (spec 4.B connect via app, reconsent): an
// account-access consent at the bank, the merchant's authorisation there, and on the way back every
// account the consent grants becomes (or renews) a `data_api` bank account of the company.
//
// Bank calls never run inside a transaction: each step claims the consent row first (a conditional
// status move), talks to the bank, then writes its outcome in one short transaction.
import type { Deps } from '../../context.js';
import { type AuthorisationReturn, authorisationReturnOf } from '../../providers/authorisation-return.js';
import type { BankAccountInfo } from '../../providers/bank-provider.js';
import { checkedReturn } from '../../providers/checked-return.js';
import { withTransaction } from '../../store/transaction.js';
import { isoNow } from '../clock.js';
import { getCompany } from '../companies/company.service.js';
import { DomainError, invalid, invalidState, notFound } from '../errors.js';
import { newId, newToken } from '../ids.js';
import { attachToUnboundIntegrations } from '../integrations/integration.repository.js';
import type { BankAccount } from './bank-account.js';
import * as accounts from './bank-account.repository.js';
import { getBankAccount } from './bank-account.service.js';
import { recordStatusChange } from './bank-account-events.js';
import { assertDataApiProvider } from './bank-account-provider.js';
import * as consents from './bank-consent.repository.js';
import type { BankConsentTable } from './bank-consent.row.js';
import { daysFrom } from './consent-points.js';

export const BANK_RETURN_PATH = '/public/v1/bank-accounts/return';
export const BANK_PICKER_PATH = '/public/v1/bank-accounts/connect';

const returnUri = (deps: Deps) => `${deps.config.publicUrl}${BANK_RETURN_PATH}`;
const pickerUri = (deps: Deps, state: string) => `${deps.config.publicUrl}${BANK_PICKER_PATH}/${state}`;

async function newConsent(
  deps: Deps,
  companyId: string,
  purpose: 'connect' | 'reconsent',
  provider: string | null,
  bankAccountId: string | null,
): Promise<BankConsentTable> {
  const now = isoNow(deps.clock);
  const row: BankConsentTable = {
    id: newId(),
    company_id: companyId,
    purpose,
    bank_account_id: bankAccountId,
    provider,
    state: newToken(),
    provider_consent_id: null,
    status: provider ? 'requesting' : 'awaiting_provider',
    authorization_url: null,
    expires_at: null,
    created_at: now,
    updated_at: now,
  };
  await consents.insertConsent(deps.db, row);
  return row;
}

/** Asks the bank for the consent (the row is ours: status `requesting`) and answers its authorisation page. */
async function requestAtBank(deps: Deps, consent: BankConsentTable, provider: string): Promise<string> {
  const expiresAt = daysFrom(deps.clock.now(), deps.config.consentDays);
  let authorizationUrl: string;
  let consentId: string;
  try {
    const created = await deps.banks.get(provider).createAccountAccessConsent({
      redirectUri: returnUri(deps),
      state: consent.state,
      expiresAt,
    });
    authorizationUrl = created.authorizationUrl;
    consentId = created.consentId;
  } catch (err) {
    // Back to where the customer can try again (the picker page), or closed for an API caller.
    await consents.moveConsent(deps.db, consent.id, ['requesting'], {
      status: consent.purpose === 'connect' && consent.provider === null ? 'awaiting_provider' : 'failed',
      provider: consent.provider,
      updated_at: isoNow(deps.clock),
    });
    throw err;
  }
  await consents.moveConsent(deps.db, consent.id, ['requesting'], {
    status: 'awaiting_authorisation',
    provider,
    provider_consent_id: consentId,
    authorization_url: authorizationUrl,
    expires_at: expiresAt,
    updated_at: isoNow(deps.clock),
  });
  return authorizationUrl;
}

/**
 * Connect via app: with a provider, the bank's authorisation page; without one, the service's page
 * where the customer picks the bank first.
 */
export async function startConnection(
  deps: Deps,
  companyId: string,
  provider?: string,
): Promise<{ authUri: string }> {
  if (provider !== undefined) assertDataApiProvider(deps, '/provider', provider);
  const consent = await newConsent(deps, companyId, 'connect', provider ?? null, null);
  if (provider === undefined) return { authUri: pickerUri(deps, consent.state) };
  return { authUri: await requestAtBank(deps, consent, provider) };
}

/** Reconsent: a new consent for the account's bank; its page comes back as `reconsentUri`. */
export async function startReconsent(
  deps: Deps,
  companyId: string,
  bankAccountId: string,
): Promise<{ account: BankAccount; reconsentUri: string }> {
  const account = await getBankAccount(deps, companyId, bankAccountId);
  if (account.creationType !== 'data_api') {
    throw invalidState('bank account', account.creationType, ['data_api'], 'reconsent');
  }
  const consent = await newConsent(deps, companyId, 'reconsent', account.provider, account.id);
  return { account, reconsentUri: await requestAtBank(deps, consent, account.provider) };
}

/** What the hosted picker page needs: the banks to offer, and whether the link is still open. */
export async function pickerOf(
  deps: Deps,
  state: string,
): Promise<{ open: boolean; companyName: string; banks: Array<{ id: string; name: string }> }> {
  const consent = await consents.findConsentByState(deps.db, state);
  if (consent?.purpose !== 'connect') throw notFound('bank connection');
  const connectable = new Set(deps.banks.providers.accountInformation());
  const banks = deps.banks.providers.providers
    .filter((p) => connectable.has(p.id))
    .map((p) => ({ id: p.id, name: p.name }));
  const company = await getCompany(deps, consent.company_id);
  return { open: consent.status === 'awaiting_provider', companyName: company?.name ?? '', banks };
}

/** The customer picked a bank on the hosted page: create the consent there, answer its page. */
export async function chooseBank(deps: Deps, state: string, provider: string): Promise<string> {
  const consent = await consents.findConsentByState(deps.db, state);
  if (consent?.purpose !== 'connect') throw notFound('bank connection');
  // A second click or a reload after the first went through: the same page at the bank.
  if (
    consent.status === 'awaiting_authorisation' &&
    consent.provider === provider &&
    consent.authorization_url
  ) {
    return consent.authorization_url;
  }
  assertDataApiProvider(deps, '/provider', provider);
  const claimed = await consents.moveConsent(deps.db, consent.id, ['awaiting_provider'], {
    status: 'requesting',
    provider,
    updated_at: isoNow(deps.clock),
  });
  if (!claimed)
    throw invalidState('bank connection', consent.status, ['awaiting_provider'], 'choose a bank for');
  return requestAtBank(deps, { ...consent, provider: null }, provider);
}

export type ConnectionOutcome =
  | { outcome: 'connected'; purpose: 'connect' | 'reconsent'; accounts: BankAccount[] }
  | { outcome: 'rejected'; purpose: 'connect' | 'reconsent' };

/** The row a granted account becomes: a new data_api account, or the company's account with its number renewed. */
async function upsertGrantedAccount(
  deps: Deps,
  consent: BankConsentTable & { provider: string; provider_consent_id: string },
  info: BankAccountInfo,
  now: string,
): Promise<{ account: BankAccount; replaced: ReplacedConsent | null }> {
  const existing = await accounts.findBankAccountRowByNumber(
    deps.db,
    consent.company_id,
    info.sortCode,
    info.accountNumber,
  );
  const consentFields = {
    creation_type: 'data_api',
    provider: consent.provider,
    consent_id: consent.provider_consent_id,
    provider_account_id: info.accountId,
    consent_expires_at: consent.expires_at,
    bank_consent_expired: 'up-to-date',
    updated_at: now,
  };
  if (existing) {
    // The bank vouches for the account: verified, unless the operator disabled it.
    const status = existing.status === 'disabled' ? 'disabled' : 'verified';
    const row = { ...existing, ...consentFields, status };
    await accounts.updateBankAccountRow(deps.db, existing.id, { ...consentFields, status });
    const replaced =
      existing.consent_id && existing.consent_id !== consent.provider_consent_id
        ? { provider: existing.provider, consentId: existing.consent_id }
        : null;
    return { account: accounts.toBankAccount(row), replaced };
  }
  const first = !(await accounts.findDefaultBankAccountRow(deps.db, consent.company_id));
  const row = {
    id: newId(),
    company_id: consent.company_id,
    sort_code: info.sortCode,
    account_number: info.accountNumber,
    name: info.name.trim() || `Account ${info.accountNumber.slice(-4)}`,
    is_default: first ? 1 : 0,
    status: 'verified',
    statement_url: null,
    statement_file_key: null,
    created_at: now,
    ...consentFields,
  };
  await accounts.insertBankAccountRow(deps.db, row);
  if (first) await attachToUnboundIntegrations(deps.db, consent.company_id, row.id, now);
  return { account: accounts.toBankAccount(row), replaced: null };
}

interface ReplacedConsent {
  provider: string;
  consentId: string;
}

/**
 * Ends at the bank the consents no account uses any more (a reconnection or reconsent replaced them):
 * the service keeps no access it does not need. Best effort, after the commit: a failure is logged.
 */
async function revokeUnused(deps: Deps, replaced: ReplacedConsent[]): Promise<void> {
  const seen = new Set<string>();
  for (const { provider, consentId } of replaced) {
    if (seen.has(consentId)) continue;
    seen.add(consentId);
    if (await accounts.isConsentInUse(deps.db, consentId)) continue;
    try {
      await deps.banks.get(provider).revokeAccountAccessConsent(consentId);
    } catch (err) {
      deps.log.warn({ err, provider, consentId }, 'could not revoke a replaced account-access consent');
    }
  }
}

function usableAccounts(granted: BankAccountInfo[]): BankAccountInfo[] {
  // Only UK sort code + account number accounts can receive the service's payments.
  return granted.filter((a) => /^[0-9]{6}$/.test(a.sortCode) && /^[0-9]{8}$/.test(a.accountNumber));
}

/**
 * The bank sent the customer back (`{PUBLIC_URL}/public/v1/bank-accounts/return?state&code|error`).
 * Approved: the code is exchanged, the granted accounts are read, and each becomes a verified
 * data_api account with a `status-update` webhook.
 */
export async function completeConnection(
  deps: Deps,
  query: Record<string, string | string[] | undefined>,
): Promise<ConnectionOutcome> {
  const given: AuthorisationReturn | undefined = authorisationReturnOf(query);
  if (!given) throw invalid('/state', 'the bank did not send a complete answer (state and code or error)');
  const consent = await consents.findConsentByState(deps.db, given.state);
  if (!consent) throw notFound('bank connection');
  const purpose = consent.purpose as 'connect' | 'reconsent';
  if (consent.status === 'rejected') return { outcome: 'rejected', purpose };
  const { provider, provider_consent_id: consentId } = consent;
  if (!provider || !consentId)
    throw invalidState('bank connection', consent.status, ['awaiting_authorisation'], 'complete');
  const from = ['awaiting_authorisation'] as const;
  const now = () => isoNow(deps.clock);
  const back =
    consent.status === 'awaiting_authorisation'
      ? await checkedReturn(deps.banks.get(provider), deps.log, consentId, returnUri(deps), given)
      : given;

  if (back.outcome === 'rejected') {
    if (!(await consents.moveConsent(deps.db, consent.id, from, { status: 'rejected', updated_at: now() }))) {
      throw invalidState('bank connection', consent.status, from, 'complete');
    }
    return { outcome: 'rejected', purpose };
  }
  if (!(await consents.moveConsent(deps.db, consent.id, from, { status: 'completing', updated_at: now() }))) {
    throw invalidState('bank connection', consent.status, from, 'complete');
  }

  let granted: BankAccountInfo[];
  try {
    const bank = deps.banks.get(provider);
    await bank.completeAuthorisation({ consentId, redirectUri: returnUri(deps), ...back });
    granted = usableAccounts(await bank.listAccounts(consentId));
  } catch (err) {
    // The code is single-use: whatever happened, the merchant starts again with a new link.
    await consents.moveConsent(deps.db, consent.id, ['completing'], { status: 'failed', updated_at: now() });
    throw err;
  }
  const target = consent.bank_account_id
    ? await accounts.findBankAccountRowById(deps.db, consent.bank_account_id)
    : undefined;
  if (
    target &&
    !granted.some((a) => a.sortCode === target.sort_code && a.accountNumber === target.account_number)
  ) {
    await consents.moveConsent(deps.db, consent.id, ['completing'], { status: 'failed', updated_at: now() });
    throw new DomainError('invalid_state', 'the bank did not grant access to the account being re-consented');
  }
  if (granted.length === 0) {
    await consents.moveConsent(deps.db, consent.id, ['completing'], { status: 'failed', updated_at: now() });
    throw new DomainError('invalid_state', 'the bank granted no account with a sort code and account number');
  }

  const connected = await withTransaction(deps, async (tx) => {
    await accounts.lockCompanyAccounts(tx.db, tx.engine, consent.company_id);
    const at = isoNow(tx.clock);
    const result: BankAccount[] = [];
    const replaced: ReplacedConsent[] = [];
    for (const info of granted) {
      const upserted = await upsertGrantedAccount(
        tx,
        { ...consent, provider, provider_consent_id: consentId },
        info,
        at,
      );
      await recordStatusChange(tx, upserted.account);
      result.push(upserted.account);
      if (upserted.replaced) replaced.push(upserted.replaced);
    }
    await consents.moveConsent(tx.db, consent.id, ['completing'], { status: 'authorised', updated_at: at });
    return { result, replaced };
  }).catch(async (err: unknown) => {
    // Nothing was written: close the consent so that a return replayed later is refused cleanly.
    await consents.moveConsent(deps.db, consent.id, ['completing'], { status: 'failed', updated_at: now() });
    throw err;
  });
  await revokeUnused(deps, connected.replaced);
  return { outcome: 'connected', purpose, accounts: connected.result };
}
