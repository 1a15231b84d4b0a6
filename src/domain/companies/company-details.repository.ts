// Reads for the group D company form: the default bank account and the live integrations of companies.
import type { Db } from '../../store/database.js';

export async function defaultBankAccountRows(db: Db, companyIds: readonly string[]) {
  if (companyIds.length === 0) return [];
  return db
    .selectFrom('bank_accounts')
    .selectAll()
    .where('company_id', 'in', companyIds)
    .where('is_default', '=', 1)
    .execute();
}

/** Live integrations of the companies, oldest first. */
export async function liveIntegrationRows(db: Db, companyIds: readonly string[]) {
  if (companyIds.length === 0) return [];
  return db
    .selectFrom('integrations')
    .selectAll()
    .where('company_id', 'in', companyIds)
    .where('deleted_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
