import type { Db } from '../../store/database.js';
import type { BankAccountTable } from './bank-account.row.js';

export async function findBankAccountRow(
  db: Db,
  companyId: string,
  id: string,
): Promise<BankAccountTable | undefined> {
  return db
    .selectFrom('bank_accounts')
    .selectAll()
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
}

export async function findDefaultBankAccountRow(
  db: Db,
  companyId: string,
): Promise<BankAccountTable | undefined> {
  return db
    .selectFrom('bank_accounts')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('is_default', '=', 1)
    .executeTakeFirst();
}
