// Small database helpers of the sandbox bank.
import type { Db, Engine } from '../../store/database.js';

/** A row that another writer inserted first (primary key or unique constraint). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}

/** Runs fn in a transaction (or in the caller's). */
export function inTransaction<T>(db: Db, fn: (trx: Db) => Promise<T>): Promise<T> {
  if (db.isTransaction) return fn(db);
  return db.transaction().execute((trx) => fn(trx));
}

/** Row locks matter only on PostgreSQL: SQLite runs one writer at a time. */
export const locks = (engine: Engine) => engine === 'postgres';
