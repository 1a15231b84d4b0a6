// The companies pages' reads and actions, through the same company functions as the partner API.
import type { Deps } from '../../context.js';
import { mapPage, type Page, type PageRequest } from '../../store/paging.js';
import type { BankAccount } from '../bank-accounts/bank-account.js';
import { listAllBankAccounts } from '../bank-accounts/bank-account.service.js';
import type { Company } from '../companies/company.js';
import { toCompany } from '../companies/company.repository.js';
import { managedCompany } from '../companies/company.service.js';
import { companyDetails } from '../companies/company-details.js';
import {
  type CompanyOnboarding,
  type OnboardedCompany,
  onboardCompany,
} from '../companies/company-onboarding.service.js';
import { searchCompanyRows } from '../companies/company-search.repository.js';
import type { Officer } from '../companies/officer.js';
import { DomainError, notFound } from '../errors.js';
import type { Integration } from '../integrations/integration.js';
import { listIntegrations } from '../integrations/integration.service.js';
import { recordAudit } from './audit.js';
import type { PortalUser } from './portal-user.js';

export interface CompanyRow {
  company: Company;
  officersVerified: number;
  officers: number;
}

export async function searchCompanies(
  deps: Deps,
  user: PortalUser,
  search: string,
  request: PageRequest,
): Promise<Page<CompanyRow>> {
  const page = mapPage(await searchCompanyRows(deps.db, user.partnerId, search, request), toCompany);
  const details = await companyDetails(deps, page.docs);
  return {
    ...page,
    docs: details.map((d) => ({
      company: d.company,
      officers: d.officers.length,
      officersVerified: d.officers.filter((o) => o.status === 'active').length,
    })),
  };
}

/** A company of the user's partner; any other id is not found (the API's 403 would say it exists). */
export async function portalCompany(deps: Deps, user: PortalUser, companyId: string): Promise<Company> {
  try {
    return await managedCompany(deps, user.partnerId, companyId);
  } catch (err) {
    if (err instanceof DomainError && err.code === 'forbidden') throw notFound('company');
    throw err;
  }
}

export interface CompanyPage {
  company: Company;
  officers: Officer[];
  bankAccounts: BankAccount[];
  integrations: Integration[];
}

export async function companyPage(deps: Deps, user: PortalUser, companyId: string): Promise<CompanyPage> {
  const company = await portalCompany(deps, user, companyId);
  const [[details], bankAccounts, integrations] = await Promise.all([
    companyDetails(deps, [company]),
    listAllBankAccounts(deps, company.id),
    listIntegrations(deps, company.id, { page: 1, limit: 100 }),
  ]);
  return { company, officers: details?.officers ?? [], bankAccounts, integrations: integrations.docs };
}

/** Company creation with the API's rules and code path (POST /partner/v1/companies); audited. */
export async function createPortalCompany(
  deps: Deps,
  user: PortalUser,
  input: CompanyOnboarding,
  ip: string,
): Promise<OnboardedCompany> {
  const onboarded = await onboardCompany(deps, user.partnerId, input, 'partner');
  await recordAudit(deps.db, deps.clock.now(), {
    partnerId: user.partnerId,
    actor: user.email,
    action: 'company_created',
    target: `${onboarded.company.name} (${onboarded.company.id})`,
    ip,
  });
  return onboarded;
}
