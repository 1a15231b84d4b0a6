import { Migrator, PostgresAdapter, sql } from 'kysely';
import type { Db } from './database.js';
import { migrations } from './migrations/index.js';

// Kysely's migrator introspects every schema's tables; a schema or table dropped or altered meanwhile by
// another client fails that catalog query (3F000, 42P01, 42703, XX000 "cache lookup failed"), and
// trying again is all it takes. A real fault in a migration still fails after the last attempt.
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
    db,
    provider: { getMigrations: async () => migrations },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrateWithRetry(migrator);
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
