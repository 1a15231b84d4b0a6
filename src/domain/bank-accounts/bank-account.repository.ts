import type { Db, Engine } from '../../store/database.js';
import { newestFirstPage, type Page, type PageRequest } from '../../store/paging.js';
import type { BankAccount, BankAccountStatus, ConsentPoint, CreationType } from './bank-account.js';
import type { BankAccountTable } from './bank-account.row.js';
import { CONSENT_REMINDERS, daysFrom, pointsBefore } from './consent-points.js';

export function toBankAccount(row: BankAccountTable): BankAccount {
  return {
    id: row.id,
    companyId: row.company_id,
    sortCode: row.sort_code,
    accountNumber: row.account_number,
    name: row.name,
    provider: row.provider,
    isDefault: row.is_default === 1,
    status: row.status as BankAccountStatus,
    creationType: row.creation_type as CreationType,
    consentId: row.consent_id,
    consentExpiresAt: row.consent_expires_at,
    bankConsentExpired: row.bank_consent_expired as ConsentPoint | null,
    providerAccountId: row.provider_account_id,
    bankStatementAttachmentURL: row.statement_url,
    statementFileKey: row.statement_file_key,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function insertBankAccountRow(db: Db, row: BankAccountTable): Promise<void> {
  await db.insertInto('bank_accounts').values(row).execute();
}

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

/** Any company's account: for the operator and the workers, never for a tenant's request. */
export async function findBankAccountRowById(db: Db, id: string): Promise<BankAccountTable | undefined> {
  return db.selectFrom('bank_accounts').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The account, locked for the rest of the transaction on PostgreSQL (status moves read, then write). */
export async function lockBankAccountRow(
  db: Db,
  engine: Engine,
  id: string,
): Promise<BankAccountTable | undefined> {
  const query = db.selectFrom('bank_accounts').selectAll().where('id', '=', id);
  return (engine === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
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

export async function findBankAccountRowByNumber(
  db: Db,
  companyId: string,
  sortCode: string,
  accountNumber: string,
): Promise<BankAccountTable | undefined> {
  return db
    .selectFrom('bank_accounts')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('sort_code', '=', sortCode)
    .where('account_number', '=', accountNumber)
    .executeTakeFirst();
}

export async function pageBankAccountRows(
  db: Db,
  companyId: string,
  request: PageRequest,
): Promise<Page<BankAccountTable>> {
  const base = db.selectFrom('bank_accounts').where('company_id', '=', companyId);
  return newestFirstPage(base, request);
}

/** Every account of the company, newest first (group D lists are not paged, spec 4.D). */
export async function listBankAccountRows(db: Db, companyId: string): Promise<BankAccountTable[]> {
  return db
    .selectFrom('bank_accounts')
    .selectAll()
    .where('company_id', '=', companyId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function updateBankAccountRow(
  db: Db,
  id: string,
  patch: Partial<BankAccountTable>,
): Promise<void> {
  await db.updateTable('bank_accounts').set(patch).where('id', '=', id).execute();
}

/**
 * Moves the consent point of an account only if it still is `from`: of two schedulers racing for the
 * same point, one wins and sends the reminder.
 */
export async function advanceConsentPoint(
  db: Db,
  id: string,
  from: ConsentPoint | null,
  to: ConsentPoint,
  at: string,
): Promise<boolean> {
  let query = db
    .updateTable('bank_accounts')
    .set({ bank_consent_expired: to, updated_at: at })
    .where('id', '=', id);
  query =
    from === null
      ? query.where('bank_consent_expired', 'is', null)
      : query.where('bank_consent_expired', '=', from);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function isConsentInUse(db: Db, consentId: string): Promise<boolean> {
  const row = await db
    .selectFrom('bank_accounts')
    .select('id')
    .where('consent_id', '=', consentId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function clearDefault(db: Db, companyId: string, at: string): Promise<void> {
  await db
    .updateTable('bank_accounts')
    .set({ is_default: 0, updated_at: at })
    .where('company_id', '=', companyId)
    .where('is_default', '=', 1)
    .execute();
}

/**
 * Serialises the writers of one company's accounts (the default flag, the first account) on
 * PostgreSQL by locking the company row; SQLite runs one writer at a time already.
 */
export async function lockCompanyAccounts(db: Db, engine: Engine, companyId: string): Promise<void> {
  if (engine !== 'postgres') return;
  await db.selectFrom('companies').select('id').where('id', '=', companyId).forUpdate().execute();
}

/** Accounts whose consent has reached a reminder point they have not been told about yet. */
export async function consentPointsDue(db: Db, now: Date, limit: number): Promise<BankAccountTable[]> {
  return db
    .selectFrom('bank_accounts')
    .selectAll()
    .where('consent_expires_at', 'is not', null)
    .where((eb) =>
      eb.or(
        CONSENT_REMINDERS.map(({ point, daysBefore }) =>
          eb.and([
            eb('consent_expires_at', '<=', daysFrom(now, daysBefore)),
            eb.or([
              eb('bank_consent_expired', 'is', null),
              eb('bank_consent_expired', 'in', pointsBefore(point)),
            ]),
          ]),
        ),
      ),
    )
    .orderBy('consent_expires_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** SQLite and PostgreSQL report a broken unique index differently. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}
