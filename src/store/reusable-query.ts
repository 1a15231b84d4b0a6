// Queries built once per database and run again with new parameters. Building a Kysely query (its
// immutable nodes, frozen at every step) cost more than SQLite took to run it: 60% of the merchant
// credential check, which runs on every group A call (bench/RESULTS.md). Only for queries whose shape
// never depends on their parameters.
import { type Compilable, CompiledQuery } from 'kysely';
import type { Db } from './database.js';
import { prepared } from './prepared.js';

/**
 * A database's own way to run a built statement outside any transaction, past Kysely's layers: SQLite's
 * runs a read at once when the connection is free (group-commit.ts readNow); PostgreSQL's runs it on a
 * pooled connection. Undefined: not this way this time, Kysely runs it.
 */
type RunDirect = (sql: string, parameters: unknown[]) => unknown[] | Promise<unknown[]> | undefined;
const directRunners = new WeakMap<Db, RunDirect>();

/** Lets reusable queries on `db` (not on its transactions, which are other objects) run directly. */
export function runDirectOn(db: Db, run: RunDirect): void {
  directRunners.set(db, run);
}

/** For each database: how a statement of one of its transactions runs directly (SQLite's group commit). */
const transactionRunners = new WeakMap<Db, RunDirect>();

/** Lets reusable queries on the transactions of `db` run directly while they are open (directWhileOpen). */
export function runTransactionsDirectOn(db: Db, run: RunDirect): void {
  transactionRunners.set(db, run);
}

/**
 * Runs `fn`, the callback of a transaction `trx` of `db`, with `trx` running reusable queries directly
 * when `db` can. Only while `fn` runs: after it, a reusable query on `trx` (one not awaited in `fn`) goes
 * through Kysely to the transaction's connection, which refuses it (group-commit.ts).
 */
export async function directWhileOpen<T>(db: Db, trx: Db, fn: () => Promise<T>): Promise<T> {
  const run = transactionRunners.get(db);
  if (!run) return fn();
  directRunners.set(trx, run);
  try {
    return await fn();
  } finally {
    directRunners.delete(trx);
  }
}

interface Built {
  sql: string;
  /** For each parameter of the SQL, which argument it is. */
  positions: number[];
}

/** `build` once per database (with markers for its arguments), then only the parameters change. */
export function reusableQuery<A extends unknown[], R>(
  build: (db: Db, ...args: A) => Compilable<R>,
): (db: Db, ...args: A) => Promise<R[]> {
  const built = new WeakMap<Db, Built>();
  return async (db, ...args) => {
    let query = built.get(db);
    if (!query) {
      const markers = args.map((_, i) => ({ argument: i }));
      const compiled = build(db, ...(markers as unknown as A)).compile();
      const positions = compiled.parameters.map((p) => markers.indexOf(p as { argument: number }));
      if (positions.includes(-1)) throw new Error('reusableQuery: a parameter that is not an argument');
      // A named statement on PostgreSQL (prepared.ts): parsed and planned once per connection.
      query = { sql: prepared(compiled.sql), positions };
      built.set(db, query);
    }
    return runBuilt<R>(
      db,
      query.sql,
      query.positions.map((i) => args[i]),
    );
  };
}

/** Runs SQL built once on `db`: directly when its database can (runDirectOn), else through Kysely. */
export async function runBuilt<R>(db: Db, sql: string, parameters: unknown[]): Promise<R[]> {
  const direct = directRunners.get(db)?.(sql, parameters);
  if (direct) return (await direct) as R[];
  return (await db.executeQuery<R>(CompiledQuery.raw(sql, parameters))).rows;
}
