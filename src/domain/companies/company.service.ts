// Companies belong to the partner that created them; every scoped call goes through managedCompany().
import type { Deps } from '../../context.js';
import { isoNow } from '../clock.js';
import { DomainError } from '../errors.js';
import { isId, newId } from '../ids.js';
import type { Company, CompanyCreate, CompanyStatus } from './company.js';
import * as repo from './company.repository.js';

export async function createCompany(
  deps: Deps,
  partnerId: string,
  input: CompanyCreate,
  defaultStatus: CompanyStatus,
): Promise<Company> {
  const now = isoNow(deps.clock);
  const row = {
    id: newId(),
    partner_id: partnerId,
    name: input.name,
    industry: input.industry ?? null,
    country_code: input.countryCode,
    type: input.type,
    identifier: input.identifier,
    status: input.status ?? defaultStatus,
    public_email: input.publicEmail,
    public_website: input.publicWebsite ?? null,
    privacy_policy: input.privacyPolicy ?? null,
    support_phone: input.supportPhone,
    tax_number: input.taxNumber ?? null,
    contact_name: input.contactName,
    trading_name: null,
    address: JSON.stringify(input.address),
    trading_address: null,
    created_at: now,
    updated_at: now,
  };
  await repo.insertCompany(deps.db, row);
  return repo.toCompany(row);
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

export async function getCompany(deps: Deps, companyId: string): Promise<Company | undefined> {
  const row = isId(companyId) ? await repo.findCompanyRow(deps.db, companyId) : undefined;
  return row ? repo.toCompany(row) : undefined;
}
