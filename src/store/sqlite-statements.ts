// SQLite statements as Kysely and the group-commit driver run them: prepared once per SQL text, and
// their rows made into objects in JavaScript.
import type SqliteDatabase from 'better-sqlite3';
import type { SqliteDatabase as KyselySqliteDatabase, SqliteStatement } from 'kysely';

type RowMaker = (values: unknown[]) => Record<string, unknown>;

/**
 * One function per column list that returns the row as an object literal: V8 gives every row of a
 * statement the same shape at once. better-sqlite3's own objects are built key by key through V8's C++
 * API, each column name interned anew for every row; for a payment's 27 columns that cost more than
 * SQLite reading the row. The names are the statement's own columns (our SQL), written as JSON strings.
 */
function rowMaker(names: readonly string[]): RowMaker {
  const fields = names.map((name, i) => `${JSON.stringify(name)}: v[${i}]`).join(', ');
  return new Function('v', `return { ${fields} };`) as RowMaker;
}

/**
 * A reading statement whose rows come as arrays (`raw`) and are made into objects here. Only for SQL
 * that names every column it gives (no `*`): then the names are the SQL's own, and a schema changed
 * under the statement (a migration by another process) cannot move a value under another name. A
 * renamed or dropped column fails the statement, as it would fail anyway.
 */
class ObjectRows implements SqliteStatement {
  readonly reader = true;
  readonly #make: RowMaker;

  constructor(private readonly statement: SqliteDatabase.Statement) {
    this.#make = rowMaker(statement.columns().map((column) => column.name));
    statement.raw(true);
  }

  all(parameters: ReadonlyArray<unknown>): unknown[] {
    const rows = this.statement.all(parameters) as unknown[][];
    const out = new Array<unknown>(rows.length);
    for (let i = 0; i < rows.length; i++) out[i] = this.#make(rows[i] as unknown[]);
    return out;
  }

  iterate(parameters: ReadonlyArray<unknown>): IterableIterator<unknown> {
    // Bound now, as better-sqlite3's own iterate() does: bad parameters throw here, not at the first row.
    const rows = this.statement.iterate(parameters) as IterableIterator<unknown[]>;
    const make = this.#make;
    return (function* () {
      for (const values of rows) yield make(values);
    })();
  }

  run(parameters: ReadonlyArray<unknown>) {
    return this.statement.run(parameters);
  }
}

/**
 * Statements that write, select `*` (whose columns are the table's of the moment) or name a column
 * `__proto__` (an object literal cannot repeat that key) keep better-sqlite3's own rows. A `*` anywhere
 * (`count(*)`, a product) only costs the faster way, never a wrong row.
 */
function statementOf(source: string, statement: SqliteDatabase.Statement): SqliteStatement {
  if (!statement.reader || source.includes('*')) return statement;
  if (statement.columns().some((column) => column.name === '__proto__')) return statement;
  return new ObjectRows(statement);
}

/**
 * Kysely prepares every query anew; preparing is a large share of a short query's cost, so statements
 * are kept per SQL text (the SQL of a query builder is stable; parameters are bound at run time).
 */
export function withStatementCache(sqlite: SqliteDatabase.Database, size = 1000): KyselySqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  const prepare = (source: string) => {
    let statement = cache.get(source);
    if (!statement) {
      statement = statementOf(source, sqlite.prepare(source));
      if (cache.size >= size) cache.delete(cache.keys().next().value as string);
      cache.set(source, statement);
    }
    return statement;
  };
  return { prepare, close: () => sqlite.close() };
}
