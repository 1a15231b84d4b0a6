import type { Db } from '../../store/database.js';
import type { Officer, OfficerRole, OfficerStatus } from './officer.js';
import type { OfficerTable } from './officer.row.js';

export function toOfficer(row: OfficerTable): Officer {
  return {
    id: row.id,
    companyId: row.company_id,
    name: row.name,
    email: row.email,
    role: row.role as OfficerRole,
    status: row.status as OfficerStatus,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function insertOfficers(db: Db, rows: OfficerTable[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('officers').values(rows).execute();
}

/** Officers of the companies, in the order they were named. */
export async function listOfficerRows(db: Db, companyIds: readonly string[]): Promise<OfficerTable[]> {
  if (companyIds.length === 0) return [];
  return db
    .selectFrom('officers')
    .selectAll()
    .where('company_id', 'in', companyIds)
    .orderBy('company_id')
    .orderBy('position')
    .execute();
}

export async function findOfficerRow(
  db: Db,
  companyId: string,
  id: string,
): Promise<OfficerTable | undefined> {
  return db
    .selectFrom('officers')
    .selectAll()
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
}

export async function findOfficerRowByTokenHash(
  db: Db,
  tokenHash: string,
): Promise<OfficerTable | undefined> {
  return db.selectFrom('officers').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Moves the officer only if it is still in `from`; false when another request moved it first. */
export async function moveOfficer(
  db: Db,
  id: string,
  from: OfficerStatus,
  to: OfficerStatus,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('officers')
    .set({ status: to, updated_at: at })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Replaces the officer's verification token: the link sent before stops working. */
export async function replaceOfficerToken(db: Db, id: string, tokenHash: string, at: string): Promise<void> {
  await db
    .updateTable('officers')
    .set({ token_hash: tokenHash, updated_at: at })
    .where('id', '=', id)
    .execute();
}
