// Companies belong to the partner that created them; every scoped call goes through managedCompany().
import type { Deps } from '../../context.js';
import { mapPage, type Page, type PageRequest } from '../../store/paging.js';
import { withTransaction } from '../../store/transaction.js';
import { isoNow } from '../clock.js';
import { DomainError, notFound } from '../errors.js';
import { isId, newId } from '../ids.js';
import type { Company, CompanyCreate, CompanyStatus, CompanyUpdate, RegisteredCompany } from './company.js';
import * as repo from './company.repository.js';
import type { CompanyTable } from './company.row.js';
import { recordCompanyStatusChange } from './company-events.js';
import { assertCompanyTransition, statusFromOfficers } from './company-status.js';
import type { OfficerStatus } from './officer.js';
import { listOfficerRows } from './officer.repository.js';
import { addOfficers, officersOf } from './officer.service.js';

/**
 * Creates the company and its officers (each with a verification link unless created verified). Called
 * by onboardCompany() alone, which decides `status` by who creates it.
 */
export async function registerCompany(
  deps: Deps,
  partnerId: string,
  input: CompanyCreate,
  status: CompanyStatus,
): Promise<RegisteredCompany> {
  const now = isoNow(deps.clock);
  const row: CompanyTable = {
    id: newId(),
    partner_id: partnerId,
    name: input.name,
    industry: input.industry ?? null,
    country_code: input.countryCode,
    type: input.type,
    identifier: input.identifier,
    status,
    public_email: input.publicEmail,
    public_website: input.publicWebsite ?? null,
    privacy_policy: input.privacyPolicy ?? null,
    support_phone: input.supportPhone,
    tax_number: input.taxNumber ?? null,
    contact_name: input.contactName,
    trading_name: input.tradingName ?? null,
    address: JSON.stringify(input.address),
    trading_address: input.tradingAddress ? JSON.stringify(input.tradingAddress) : null,
    created_at: now,
    updated_at: now,
  };
  return withTransaction(deps, async (tx) => {
    await repo.insertCompany(tx.db, row);
    const company = repo.toCompany(row);
    const officers = await addOfficers(tx, company, officersOf(company, input.officers));
    return { company, officers };
  });
}

/**
 * The company `companyId` if the partner manages it. Anything else, existing or not, is a 403:
 * whether another partner's company exists never leaks.
 */
export async function managedCompany(deps: Deps, partnerId: string, companyId: string): Promise<Company> {
  const row = isId(companyId) ? await repo.findCompanyRow(deps.db, companyId) : undefined;
  if (!row || row.partner_id !== partnerId) {
    throw new DomainError('forbidden', 'this company is not managed by the caller');
  }
  return repo.toCompany(row);
}

/** Like managedCompany(), and a banned company's resources are closed to the caller too. */
export async function activeManagedCompany(
  deps: Deps,
  partnerId: string,
  companyId: string,
): Promise<Company> {
  const company = await managedCompany(deps, partnerId, companyId);
  if (company.status === 'banned') throw new DomainError('forbidden', 'this company is disabled');
  return company;
}

export async function listCompanies(deps: Deps, partnerId: string): Promise<Company[]> {
  return (await repo.listCompanyRows(deps.db, partnerId)).map(repo.toCompany);
}

/** The partner's companies, newest first. */
export async function pageCompanies(
  deps: Deps,
  partnerId: string,
  request: PageRequest,
): Promise<Page<Company>> {
  return mapPage(await repo.pageCompanyRows(deps.db, partnerId, request), repo.toCompany);
}

export async function getCompany(deps: Deps, companyId: string): Promise<Company | undefined> {
  const row = isId(companyId) ? await repo.findCompanyRow(deps.db, companyId) : undefined;
  return row ? repo.toCompany(row) : undefined;
}

/** Reads the company with its row locked for the rest of the caller's transaction. */
export async function lockCompany(deps: Deps, companyId: string): Promise<Company> {
  const row = await repo.lockCompanyRow(deps.db, deps.engine, companyId);
  if (!row) throw notFound('company');
  return repo.toCompany(row);
}

/**
 * Moves the company to `to` and queues the partner's webhook. Call it inside a transaction that locked
 * the company (lockCompany). `verifiedBy`: the officer whose verification caused the move, else null.
 */
export async function moveCompany(
  deps: Deps,
  company: Company,
  to: CompanyStatus,
  verifiedBy: string | null,
  action: string,
): Promise<Company> {
  assertCompanyTransition(company.status, to, action);
  const now = deps.clock.now();
  await repo.updateCompanyRow(deps.db, company.id, { status: to, updated_at: now.toISOString() });
  await recordCompanyStatusChange(deps.db, now, company, to, verifiedBy);
  return { ...company, status: to, updatedAt: now.toISOString() };
}

async function officerStatuses(deps: Deps, companyId: string): Promise<OfficerStatus[]> {
  return (await listOfficerRows(deps.db, [companyId])).map((row) => row.status as OfficerStatus);
}

/**
 * The status a partner may ask for: `banned` (disable), or, for a banned company, the status its
 * officers' verification gives (re-enable). Anything else is decided by verification alone.
 */
async function requestedStatus(
  deps: Deps,
  company: Company,
  requested: CompanyStatus,
): Promise<CompanyStatus> {
  if (requested === 'banned') return requested;
  if (company.status === 'banned') {
    const verified = statusFromOfficers(await officerStatuses(deps, company.id));
    if (requested === verified) return requested;
    throw new DomainError(
      'invalid_state',
      `a re-enabled company takes the status its officers' verification gives: ${verified}`,
    );
  }
  throw new DomainError(
    'invalid_state',
    `cannot set status ${requested} on a company in status ${company.status}: the status follows its officers' verification; a partner may only set banned, or re-enable a banned company`,
  );
}

const nullable = <T>(value: T | null | undefined): value is T | null => value !== undefined;

/** Applies a partner's changes (spec 4.D update body); a status change queues the partner's webhook. */
export async function updateCompany(deps: Deps, companyId: string, input: CompanyUpdate): Promise<Company> {
  return withTransaction(deps, async (tx) => {
    let company = await lockCompany(tx, companyId);
    const patch: Partial<CompanyTable> = {};
    if (nullable(input.tradingName)) patch.trading_name = input.tradingName;
    if (nullable(input.industry)) patch.industry = input.industry;
    if (input.publicEmail !== undefined) patch.public_email = input.publicEmail;
    if (nullable(input.publicWebsite)) patch.public_website = input.publicWebsite;
    if (nullable(input.privacyPolicy)) patch.privacy_policy = input.privacyPolicy;
    if (input.supportPhone !== undefined) patch.support_phone = input.supportPhone;
    if (nullable(input.taxNumber)) patch.tax_number = input.taxNumber;
    if (nullable(input.tradingAddress)) {
      patch.trading_address = input.tradingAddress === null ? null : JSON.stringify(input.tradingAddress);
    }
    if (input.status !== undefined && input.status !== company.status) {
      const to = await requestedStatus(tx, company, input.status);
      company = await moveCompany(tx, company, to, null, `set status ${to} on`);
    }
    await repo.updateCompanyRow(tx.db, companyId, { ...patch, updated_at: isoNow(tx.clock) });
    const row = await repo.findCompanyRow(tx.db, companyId);
    if (!row) throw notFound('company');
    return repo.toCompany(row);
  });
}

/** Disables the company (status banned): its credentials answer 403 from now on (API.md 1.1). */
export async function disableCompany(deps: Deps, companyId: string): Promise<Company> {
  return withTransaction(deps, async (tx) => {
    const company = await lockCompany(tx, companyId);
    return moveCompany(tx, company, 'banned', null, 'disable');
  });
}
