// Queries built once per database and run again with new parameters. Building a Kysely query (its
// immutable nodes, frozen at every step) cost more than SQLite took to run it: 60% of the merchant
// credential check, which runs on every group A call (bench/RESULTS.md). Only for queries whose shape
// never depends on their parameters.
import { type Compilable, CompiledQuery } from 'kysely';
import type { Db } from './database.js';
import { prepared } from './prepared.js';

/** A database's way to run a reading statement at once, when it can (group-commit.ts readNow). */
type ReadNow = (sql: string, parameters: readonly unknown[]) => unknown[] | undefined;
const readersNow = new WeakMap<Db, ReadNow>();

/** Lets reusable reads on `db` (not on its transactions, which are other objects) skip the queue. */
export function readNowOn(db: Db, read: ReadNow): void {
  readersNow.set(db, read);
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
    const parameters = query.positions.map((i) => args[i]);
    const now = readersNow.get(db)?.(query.sql, parameters);
    if (now) return now as R[];
    return (await db.executeQuery<R>(CompiledQuery.raw(query.sql, parameters))).rows;
  };
}
