// Officers are named when their company is created; each one that must prove their identity gets a
// verification link whose token is shown once (in the create answer and the e-mail) and stored hashed.
import type { Config } from '../../config.js';
import type { Deps } from '../../context.js';
import { isoNow } from '../clock.js';
import { newId, newToken } from '../ids.js';
import { hashSecret } from '../secrets.js';
import type { Company } from './company.js';
import { initialOfficerStatus } from './company-status.js';
import type { Officer, OfficerCreate, OfficerWithLink } from './officer.js';
import * as repo from './officer.repository.js';
import type { OfficerTable } from './officer.row.js';

export function verificationUrl(config: Config, token: string): string {
  return `${config.publicUrl}/public/v1/verification/${token}`;
}

/** The officers named in the request, or one director from the company's contact (API.md 6). */
export function officersOf(company: Company, named: OfficerCreate[] | undefined): OfficerCreate[] {
  if (named && named.length > 0) return named;
  return [{ name: company.contactName, email: company.publicEmail, role: 'director' }];
}

/** Inserts the officers (call it inside the company's transaction). */
export async function addOfficers(
  deps: Deps,
  company: Company,
  officers: OfficerCreate[],
): Promise<OfficerWithLink[]> {
  const now = isoNow(deps.clock);
  const status = initialOfficerStatus(company.status);
  const created = officers.map((officer, position) => {
    const token = status === 'active' ? undefined : newToken(24);
    const row: OfficerTable = {
      id: newId(),
      company_id: company.id,
      name: officer.name,
      email: officer.email,
      role: officer.role,
      position,
      status,
      token_hash: token ? hashSecret(token) : null,
      created_at: now,
      updated_at: now,
    };
    return { row, token };
  });
  await repo.insertOfficers(
    deps.db,
    created.map((c) => c.row),
  );
  return created.map(({ row, token }) => ({
    officer: repo.toOfficer(row),
    ...(token ? { verificationUrl: verificationUrl(deps.config, token) } : {}),
  }));
}

/** The officers of each company, by company id, in the order they were named. */
export async function officersByCompany(
  deps: Deps,
  companyIds: readonly string[],
): Promise<Map<string, Officer[]>> {
  const byCompany = new Map<string, Officer[]>(companyIds.map((id) => [id, []]));
  for (const row of await repo.listOfficerRows(deps.db, companyIds)) {
    byCompany.get(row.company_id)?.push(repo.toOfficer(row));
  }
  return byCompany;
}
