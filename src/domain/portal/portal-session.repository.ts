// Sign-ins kept server-side: the cookie holds a random token, the table its SHA-256.
import type { Db } from '../../store/database.js';
import type { PortalSessionTable } from './portal.row.js';

export async function insertSession(db: Db, row: PortalSessionTable): Promise<void> {
  await db.insertInto('portal_sessions').values(row).execute();
}

export async function findSession(db: Db, idHash: string) {
  return db
    .selectFrom('portal_sessions')
    .innerJoin('portal_users', 'portal_users.id', 'portal_sessions.user_id')
    .selectAll('portal_users')
    .select([
      'portal_sessions.id_hash',
      'portal_sessions.stage',
      'portal_sessions.last_seen_at',
      'portal_sessions.created_at as session_created_at',
    ])
    .where('portal_sessions.id_hash', '=', idHash)
    .executeTakeFirst();
}

export async function touchSession(db: Db, idHash: string, at: string): Promise<void> {
  await db.updateTable('portal_sessions').set({ last_seen_at: at }).where('id_hash', '=', idHash).execute();
}

export async function deleteSession(db: Db, idHash: string): Promise<void> {
  await db.deleteFrom('portal_sessions').where('id_hash', '=', idHash).execute();
}

export async function deleteSessionsOfUser(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('portal_sessions').where('user_id', '=', userId).execute();
}

export async function recordFailure(db: Db, subjects: string[], at: string): Promise<void> {
  await db
    .insertInto('portal_sign_in_failures')
    .values(subjects.map((subject) => ({ subject, at })))
    .execute();
}

export async function countFailuresSince(db: Db, subject: string, since: string): Promise<number> {
  const row = await db
    .selectFrom('portal_sign_in_failures')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('subject', '=', subject)
    .where('at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function clearFailures(db: Db, subject: string): Promise<void> {
  await db.deleteFrom('portal_sign_in_failures').where('subject', '=', subject).execute();
}
