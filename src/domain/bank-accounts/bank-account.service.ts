// A company's bank accounts: added by hand (groups B and D, company creation) or connected through the
// bank's data API (bank-connection.service.ts). Shared by every group; the routes only shape the answers.
import type { Deps } from '../../context.js';
import type { PageRequest } from '../../store/paging.js';
import { mapPage, type Page } from '../../store/paging.js';
import { withTransaction } from '../../store/transaction.js';
import { isoNow } from '../clock.js';
import { DomainError, invalid, invalidState, notFound } from '../errors.js';
import { isId, newId } from '../ids.js';
import { attachToUnboundIntegrations } from '../integrations/integration.repository.js';
import { assertHttpUrl } from '../webhooks/webhook-url.js';
import {
  ACCOUNT_NUMBER_PATTERN,
  type BankAccount,
  type BankAccountCreate,
  type BankAccountStatus,
  SORT_CODE_PATTERN,
} from './bank-account.js';
import * as repo from './bank-account.repository.js';
import { recordStatusChange } from './bank-account-events.js';
import { assertProvider } from './bank-account-provider.js';
import { assertTransition } from './bank-account-status.js';

const SORT_CODE_RE = new RegExp(SORT_CODE_PATTERN);
const ACCOUNT_NUMBER_RE = new RegExp(ACCOUNT_NUMBER_PATTERN);

/** The rules of spec 2.7 and 8 for a new account (the HTTP schemas check the same, this covers every caller). */
export function checkBankAccountCreate(deps: Deps, input: BankAccountCreate): void {
  if (!SORT_CODE_RE.test(input.sortCode)) throw invalid('/sortCode', 'must be exactly 6 digits');
  if (!ACCOUNT_NUMBER_RE.test(input.accountNumber))
    throw invalid('/accountNumber', 'must be exactly 8 digits');
  if (input.name.trim() === '') throw invalid('/name', 'must not be empty');
  assertProvider(deps, '/provider', input.provider);
  if (input.bankStatementAttachmentURL) {
    assertHttpUrl('/bankStatementAttachmentURL', input.bankStatementAttachmentURL);
  }
}

export const duplicateAccount = () =>
  new DomainError(
    'invalid_state',
    'this company already has a bank account with this sort code and account number',
  );

/**
 * Adds an account typed in by hand: status pending until checked. The company's first account becomes
 * its default and is attached to its integrations that have none. Joins the caller's transaction.
 */
export async function createBankAccount(
  deps: Deps,
  companyId: string,
  input: BankAccountCreate,
): Promise<BankAccount> {
  checkBankAccountCreate(deps, input);
  return withTransaction(deps, async (tx) => {
    await repo.lockCompanyAccounts(tx.db, tx.engine, companyId);
    if (await repo.findBankAccountRowByNumber(tx.db, companyId, input.sortCode, input.accountNumber)) {
      throw duplicateAccount();
    }
    const first = !(await repo.findDefaultBankAccountRow(tx.db, companyId));
    const now = isoNow(tx.clock);
    const row = {
      id: newId(),
      company_id: companyId,
      sort_code: input.sortCode,
      account_number: input.accountNumber,
      name: input.name,
      provider: input.provider,
      is_default: first ? 1 : 0,
      status: 'pending',
      creation_type: 'manual',
      consent_id: null,
      provider_account_id: null,
      consent_expires_at: null,
      bank_consent_expired: null,
      statement_url: input.bankStatementAttachmentURL ?? null,
      statement_file_key: input.statementFileKey ?? null,
      created_at: now,
      updated_at: now,
    };
    try {
      await repo.insertBankAccountRow(tx.db, row);
    } catch (err) {
      if (repo.isUniqueViolation(err)) throw duplicateAccount();
      throw err;
    }
    if (first) await attachToUnboundIntegrations(tx.db, companyId, row.id, now);
    return repo.toBankAccount(row);
  });
}

export async function getBankAccount(deps: Deps, companyId: string, id: string): Promise<BankAccount> {
  const row = isId(id) ? await repo.findBankAccountRow(deps.db, companyId, id) : undefined;
  if (!row) throw notFound('bank account');
  return repo.toBankAccount(row);
}

export async function listBankAccounts(
  deps: Deps,
  companyId: string,
  request: PageRequest,
): Promise<Page<BankAccount>> {
  return mapPage(await repo.pageBankAccountRows(deps.db, companyId, request), repo.toBankAccount);
}

export async function listAllBankAccounts(deps: Deps, companyId: string): Promise<BankAccount[]> {
  return (await repo.listBankAccountRows(deps.db, companyId)).map(repo.toBankAccount);
}

export async function renameBankAccount(
  deps: Deps,
  companyId: string,
  id: string,
  name: string,
): Promise<BankAccount> {
  if (name.trim() === '') throw invalid('/name', 'must not be empty');
  const account = await getBankAccount(deps, companyId, id);
  const now = isoNow(deps.clock);
  await repo.updateBankAccountRow(deps.db, id, { name, updated_at: now });
  return { ...account, name, updatedAt: now };
}

/** Makes the account the company's only default; a disabled account cannot receive payments, so no. */
export async function setDefaultBankAccount(deps: Deps, companyId: string, id: string): Promise<BankAccount> {
  return withTransaction(deps, async (tx) => {
    await repo.lockCompanyAccounts(tx.db, tx.engine, companyId);
    const account = await getBankAccount(tx, companyId, id);
    if (account.status === 'disabled') {
      throw invalidState(
        'bank account',
        account.status,
        ['pending', 'verified', 'manual_review_required'],
        'set as default',
      );
    }
    if (account.isDefault) return account;
    const now = isoNow(tx.clock);
    await repo.clearDefault(tx.db, companyId, now);
    await repo.updateBankAccountRow(tx.db, id, { is_default: 1, updated_at: now });
    return { ...account, isDefault: true, updatedAt: now };
  });
}

/** The operator's status change (verify, disable, manual review); tells the partner both ways. */
export async function changeBankAccountStatus(
  deps: Deps,
  id: string,
  status: BankAccountStatus,
): Promise<BankAccount> {
  return withTransaction(deps, async (tx) => {
    const row = isId(id) ? await repo.lockBankAccountRow(tx.db, tx.engine, id) : undefined;
    if (!row) throw notFound('bank account');
    const account = repo.toBankAccount(row);
    assertTransition(account.status, status);
    const now = isoNow(tx.clock);
    await repo.updateBankAccountRow(tx.db, id, { status, updated_at: now });
    const changed = { ...account, status, updatedAt: now };
    await recordStatusChange(tx, changed);
    return changed;
  });
}

/** Group A: how the integration's bank account was added (spec 4.A, connection type). */
export async function connectionTypeOf(
  deps: Deps,
  companyId: string,
  bankAccountId: string | null,
): Promise<'data_api' | 'manually_created'> {
  if (!bankAccountId) {
    throw new DomainError(
      'invalid_state',
      'this integration has no bank account: attach a bank account first',
    );
  }
  const account = await getBankAccount(deps, companyId, bankAccountId);
  return account.creationType === 'data_api' ? 'data_api' : 'manually_created';
}
