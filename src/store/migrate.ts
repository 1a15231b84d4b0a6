import { type DatabaseIntrospector, Migrator, PostgresAdapter, sql, type TableMetadata } from 'kysely';
import type { Db } from './database.js';
import { migrations } from './migrations/index.js';

// The migrator reads the catalogs (on PostgreSQL only its own schema's, withIntrospectionOf below); a
// schema or table dropped or altered meanwhile by another client can still fail such a read (3F000,
// 42P01, 42703, XX000 "cache lookup failed"), and trying again is all it takes. A real fault in a
// migration still fails after the last attempt.
const CATALOG_RACES = new Set(['3F000', '42P01', '42703', 'XX000']);
async function migrateWithRetry(migrator: Migrator) {
  for (let attempt = 1; ; attempt++) {
    const outcome = await migrator.migrateToLatest();
    const code = (outcome.error as { code?: string } | undefined)?.code;
    if (!code || !CATALOG_RACES.has(code) || attempt === 5) return outcome;
    await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
  }
}

/** Brings the schema up to date; safe to run from several processes (Kysely takes a lock). */
export async function migrateToLatest(db: Db): Promise<string[]> {
  // Kysely looks for its bookkeeping tables in every schema unless told which one: name the current
  // schema, or a database in another schema (another test, another tenant) hides ours.
  const schema =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? (await sql<{ name: string }>`select current_schema() as name`.execute(db)).rows[0]?.name
      : undefined;
  const migrator = new Migrator({
    db: schema ? withIntrospectionOf(db, schema) : db,
    provider: { getMigrations: async () => migrations },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrateWithRetry(migrator);
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * The database as the migrator sees it: its introspection reads one schema's table names. The
 * migrator only asks whether its own two tables and their schema exist, but Kysely's introspector
 * reads every column of every table in every schema to answer: 230 ms a start in a database where
 * tests had made and dropped schemas (its catalogs bloated), and more the more schemas there are.
 */
function withIntrospectionOf(db: Db, schema: string): Db {
  const getTables = async (): Promise<TableMetadata[]> => {
    const { rows } = await sql<{ name: string; kind: string }>`
      select c.relname as name, c.relkind as kind from pg_catalog.pg_class c
        join pg_catalog.pg_namespace n on n.oid = c.relnamespace
       where n.nspname = ${schema} and c.relkind in ('r', 'p', 'v', 'm', 'f')`.execute(db);
    return rows.map((r) => ({ name: r.name, schema, isView: r.kind === 'v' || r.kind === 'm', columns: [] }));
  };
  const introspection: DatabaseIntrospector = {
    getSchemas: async () =>
      (
        await sql<{
          name: string;
        }>`select nspname as name from pg_catalog.pg_namespace where nspname = ${schema}`.execute(db)
      ).rows,
    getTables,
    getMetadata: async () => ({ tables: await getTables() }),
  };
  return new Proxy(db, {
    get(target, property) {
      if (property === 'introspection') return introspection;
      const value: unknown = Reflect.get(target, property, target);
      // Kysely's methods read private fields: they must run on the instance itself.
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
