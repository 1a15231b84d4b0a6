// Runs fn in a database transaction, or inside the caller's transaction when deps.db already is one,
// so that services compose: a service called with depsWithDb(deps, trx) joins the caller's transaction.
import { AsyncLocalStorage } from 'node:async_hooks';
import { type Deps, depsWithDb } from '../context.js';
import type { Db, Trx } from './database.js';
import { directWhileOpen } from './reusable-query.js';

export async function withTransaction<T>(deps: Deps, fn: (deps: Deps) => Promise<T>): Promise<T> {
  if (deps.db.isTransaction) return fn(deps);
  const { db } = deps;
  return db.transaction().execute((trx) => directWhileOpen(db, trx, () => fn(depsWithDb(deps, trx))));
}

const requestTransaction = new AsyncLocalStorage<Trx>();

/** The transaction the current request runs in, if any: the app's deps.db resolves to it. */
export function ambientTransaction(): Trx | undefined {
  return requestTransaction.getStore();
}

/**
 * Runs fn in one transaction that every use of the app's deps.db inside it joins (the handler of an
 * idempotent write, whose stored answer must commit with its work or not at all).
 */
export function inRequestTransaction<T>(db: Db, fn: (trx: Trx) => Promise<T>): Promise<T> {
  return db
    .transaction()
    .execute((trx) => directWhileOpen(db, trx, () => requestTransaction.run(trx, () => fn(trx))));
}
