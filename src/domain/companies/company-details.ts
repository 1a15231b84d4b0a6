// What a company's group D form shows beside its own fields (spec 2.10): its officers, its bank account
// (the company's default account) and its integration (the oldest live one). Read in batches for lists.
import type { Deps } from '../../context.js';
import type { BankAccount } from '../bank-accounts/bank-account.js';
import { toBankAccount } from '../bank-accounts/bank-account.repository.js';
import type { Integration } from '../integrations/integration.js';
import { toIntegration } from '../integrations/integration.repository.js';
import type { Company } from './company.js';
import * as repo from './company-details.repository.js';
import type { Officer } from './officer.js';
import { officersByCompany } from './officer.service.js';

export interface CompanyDetails {
  company: Company;
  officers: Officer[];
  bankAccount: BankAccount | null;
  integration: Integration | null;
}

async function defaultBankAccounts(deps: Deps, companyIds: string[]): Promise<Map<string, BankAccount>> {
  const rows = await repo.defaultBankAccountRows(deps.db, companyIds);
  return new Map(rows.map((row) => [row.company_id, toBankAccount(row)]));
}

async function firstIntegrations(deps: Deps, companyIds: string[]): Promise<Map<string, Integration>> {
  const first = new Map<string, Integration>();
  for (const row of await repo.liveIntegrationRows(deps.db, companyIds)) {
    if (!first.has(row.company_id)) first.set(row.company_id, toIntegration(row));
  }
  return first;
}

export async function companyDetails(deps: Deps, companies: Company[]): Promise<CompanyDetails[]> {
  const ids = companies.map((c) => c.id);
  const [officers, accounts, integrations] = await Promise.all([
    officersByCompany(deps, ids),
    defaultBankAccounts(deps, ids),
    firstIntegrations(deps, ids),
  ]);
  return companies.map((company) => ({
    company,
    officers: officers.get(company.id) ?? [],
    bankAccount: accounts.get(company.id) ?? null,
    integration: integrations.get(company.id) ?? null,
  }));
}

export async function companyDetail(deps: Deps, company: Company): Promise<CompanyDetails> {
  const [details] = await companyDetails(deps, [company]);
  if (!details) throw new Error('companyDetails answers one entry per company');
  return details;
}
