// Storage of portal users, their one-time links and recovery codes. Functions take the database handle
// (or a transaction) first, like every repository.
import type { Db } from '../../store/database.js';
import type { PortalUserTable } from './portal.row.js';
import { isRole, type PortalUser } from './portal-user.js';

export function toPortalUser(row: PortalUserTable): PortalUser {
  if (!isRole(row.role)) throw new Error(`portal user ${row.id} has an unknown role ${row.role}`);
  return {
    id: row.id,
    partnerId: row.partner_id,
    email: row.email,
    role: row.role,
    active: row.password_hash !== null,
    twoFactor: row.totp_secret !== null,
    invitedBy: row.invited_by,
    createdAt: row.created_at,
  };
}

export async function insertUser(db: Db, row: PortalUserTable): Promise<void> {
  await db.insertInto('portal_users').values(row).execute();
}

export async function findUserById(db: Db, id: string): Promise<PortalUserTable | undefined> {
  return db.selectFrom('portal_users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findUserByEmail(db: Db, email: string): Promise<PortalUserTable | undefined> {
  return db.selectFrom('portal_users').selectAll().where('email', '=', email).executeTakeFirst();
}

export async function listUsersOfPartner(db: Db, partnerId: string): Promise<PortalUserTable[]> {
  return db
    .selectFrom('portal_users')
    .selectAll()
    .where('partner_id', '=', partnerId)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

export async function updateUser(db: Db, id: string, patch: Partial<PortalUserTable>): Promise<void> {
  await db.updateTable('portal_users').set(patch).where('id', '=', id).execute();
}

/**
 * Records that a TOTP code of `step` was used; false when a code of that step, or a later one, was used
 * already (a replay). One conditional update, so two requests with the same code cannot both pass.
 */
export async function useTotpStep(db: Db, id: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable('portal_users')
    .set({ totp_last_step: step })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Removes a user with everything that lets them in (sessions, links and codes cascade). */
export async function deleteUser(db: Db, id: string): Promise<void> {
  await db.deleteFrom('portal_sessions').where('user_id', '=', id).execute();
  await db.deleteFrom('portal_links').where('user_id', '=', id).execute();
  await db.deleteFrom('portal_recovery_codes').where('user_id', '=', id).execute();
  await db.deleteFrom('portal_users').where('id', '=', id).execute();
}

export async function insertLink(
  db: Db,
  row: { token_hash: string; user_id: string; purpose: string; expires_at: string; created_at: string },
): Promise<void> {
  // One live link per purpose: a new invitation or reset replaces the one before.
  await db
    .deleteFrom('portal_links')
    .where('user_id', '=', row.user_id)
    .where('purpose', '=', row.purpose)
    .execute();
  await db.insertInto('portal_links').values(row).execute();
}

export async function findLink(db: Db, tokenHash: string, purpose: string, now: string) {
  return db
    .selectFrom('portal_links')
    .select(['token_hash', 'user_id'])
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

export async function deleteLink(db: Db, tokenHash: string): Promise<boolean> {
  const result = await db.deleteFrom('portal_links').where('token_hash', '=', tokenHash).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function replaceRecoveryCodes(db: Db, userId: string, hashes: string[]): Promise<void> {
  await db.deleteFrom('portal_recovery_codes').where('user_id', '=', userId).execute();
  if (hashes.length === 0) return;
  await db
    .insertInto('portal_recovery_codes')
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash })))
    .execute();
}

/** Uses up a recovery code; true when it existed. */
export async function useRecoveryCode(db: Db, userId: string, codeHash: string): Promise<boolean> {
  const result = await db
    .deleteFrom('portal_recovery_codes')
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function countRecoveryCodes(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('portal_recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
