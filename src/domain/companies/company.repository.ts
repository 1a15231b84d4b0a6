import type { Db, Engine } from '../../store/database.js';
import { newestFirstPage, type Page, type PageRequest } from '../../store/paging.js';
import { reusableQuery } from '../../store/reusable-query.js';
import type { Address, Company, CompanyStatus, CompanyType } from './company.js';
import type { CompanyTable } from './company.row.js';

export function toCompany(row: CompanyTable): Company {
  return {
    id: row.id,
    partnerId: row.partner_id,
    name: row.name,
    industry: row.industry,
    countryCode: row.country_code,
    type: row.type as CompanyType,
    identifier: row.identifier,
    status: row.status as CompanyStatus,
    publicEmail: row.public_email,
    publicWebsite: row.public_website,
    privacyPolicy: row.privacy_policy,
    supportPhone: row.support_phone,
    taxNumber: row.tax_number,
    contactName: row.contact_name,
    tradingName: row.trading_name,
    address: JSON.parse(row.address) as Address,
    tradingAddress: row.trading_address ? (JSON.parse(row.trading_address) as Address) : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function insertCompany(db: Db, row: CompanyTable): Promise<void> {
  await db.insertInto('companies').values(row).execute();
}

// Built once per database (store/reusable-query.ts): every group D call on a company reads it.
const companyRow = reusableQuery((db, id: string) =>
  db.selectFrom('companies').selectAll().where('id', '=', id),
);

export async function findCompanyRow(db: Db, id: string): Promise<CompanyTable | undefined> {
  return (await companyRow(db, id))[0];
}

/**
 * The company row, locked until the transaction ends on PostgreSQL (SQLite serialises writers itself):
 * status moves that read the officers first then write the company hold it so two never interleave.
 */
export async function lockCompanyRow(db: Db, engine: Engine, id: string): Promise<CompanyTable | undefined> {
  const query = db.selectFrom('companies').selectAll().where('id', '=', id);
  return (engine === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

export async function pageCompanyRows(
  db: Db,
  partnerId: string,
  request: PageRequest,
): Promise<Page<CompanyTable>> {
  const base = db.selectFrom('companies').where('partner_id', '=', partnerId);
  return newestFirstPage(base, request);
}

export async function listCompanyRows(db: Db, partnerId: string): Promise<CompanyTable[]> {
  return db
    .selectFrom('companies')
    .selectAll()
    .where('partner_id', '=', partnerId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function updateCompanyRow(db: Db, id: string, patch: Partial<CompanyTable>): Promise<void> {
  await db.updateTable('companies').set(patch).where('id', '=', id).execute();
}
