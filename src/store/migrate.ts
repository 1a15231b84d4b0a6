import { Migrator, PostgresAdapter, sql } from 'kysely';
import type { Db } from './database.js';
import { migrations } from './migrations/index.js';

// Kysely's migrator introspects every schema's tables; a schema dropped meanwhile by another client
// (PostgreSQL 3F000) fails that query, and trying again is all it takes.
async function migrateWithRetry(migrator: Migrator) {
  for (let attempt = 1; ; attempt++) {
    const outcome = await migrator.migrateToLatest();
    const code = (outcome.error as { code?: string } | undefined)?.code;
    if (code !== '3F000' || attempt === 5) return outcome;
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
