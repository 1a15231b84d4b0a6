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

/** A reading statement whose rows come as arrays (`raw`) and are made into objects here. */
class ObjectRows implements SqliteStatement {
  readonly reader = true;
  #names: string[] = [];
  #make: RowMaker = rowMaker([]);

  constructor(private readonly statement: SqliteDatabase.Statement) {
    statement.raw(true);
    this.#learnColumns();
  }

  all(parameters: ReadonlyArray<unknown>): unknown[] {
    const rows = this.statement.all(parameters) as unknown[][];
    const out = new Array<unknown>(rows.length);
    for (let i = 0; i < rows.length; i++) out[i] = this.#row(rows[i] as unknown[]);
    return out;
  }

  *iterate(parameters: ReadonlyArray<unknown>): IterableIterator<unknown> {
    for (const values of this.statement.iterate(parameters) as IterableIterator<unknown[]>) {
      yield this.#row(values);
    }
  }

  run(parameters: ReadonlyArray<unknown>) {
    return this.statement.run(parameters);
  }

  #row(values: unknown[]): Record<string, unknown> {
    // SQLite prepares a statement again when the schema changed under it (a migration), and `select *`
    // then gives other columns: learn them again.
    if (values.length !== this.#names.length) this.#learnColumns();
    return this.#make(values);
  }

  #learnColumns(): void {
    this.#names = this.statement.columns().map((column) => column.name);
    this.#make = rowMaker(this.#names);
  }
}

/** `__proto__` as a literal's key would set the prototype; such a statement keeps better-sqlite3's rows. */
function statementOf(statement: SqliteDatabase.Statement): SqliteStatement {
  if (!statement.reader) return statement;
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
      statement = statementOf(sqlite.prepare(source));
      if (cache.size >= size) cache.delete(cache.keys().next().value as string);
      cache.set(source, statement);
    }
    return statement;
  };
  return { prepare, close: () => sqlite.close() };
}
