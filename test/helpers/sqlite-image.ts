// SQLite test apps start from a copy of one migrated database, made once per test process: migrating
// an empty database took 30 ms of the 155 of each app build, and the suite builds some 1,300 apps.
// The migrations themselves are tested from an empty database in test/store/.
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Config } from '../../src/config.js';
import { openSqliteImage, type Store } from '../../src/store/database.js';
import { migrateToLatest } from '../../src/store/migrate.js';
import type { Database } from '../../src/store/schema.js';

let image: Promise<Buffer> | undefined;

async function migratedImage(): Promise<Buffer> {
  const sqlite = new SqliteDatabase(':memory:');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  try {
    await migrateToLatest(db);
    return sqlite.serialize();
  } finally {
    await db.destroy();
  }
}

/** A new in-memory store, already migrated, opened as `config` would open its own. */
export async function migratedSqliteStore(config: Config): Promise<Store> {
  image ??= migratedImage();
  return openSqliteImage(await image, {
    sqliteSynchronous: config.sqliteSynchronous,
    sqliteGroupCommit: config.sqliteGroupCommit,
  });
}
