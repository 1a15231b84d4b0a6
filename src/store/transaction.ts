// Runs fn in a database transaction, or inside the caller's transaction when deps.db already is one,
// so that services compose: a service called with {...deps, db: trx} joins the caller's transaction.
import type { Deps } from '../context.js';

export async function withTransaction<T>(deps: Deps, fn: (deps: Deps) => Promise<T>): Promise<T> {
  if (deps.db.isTransaction) return fn(deps);
  return deps.db.transaction().execute((trx) => fn({ ...deps, db: trx }));
}
