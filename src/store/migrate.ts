import { Migrator } from 'kysely';
import type { Db } from './database.js';
import { migrations } from './migrations/index.js';

/** Brings the schema up to date; safe to run from several processes (Kysely takes a lock). */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
