// Opens the one database the service uses: SQLite (embedded default) or PostgreSQL, same schema.
import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type Transaction } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;
export type Trx = Transaction<Database>;
export type Engine = 'sqlite' | 'postgres';

export interface Store {
  db: Db;
  engine: Engine;
  close(): Promise<void>;
}

// int8 (bigint, count(*)) as a JS number: pence and counts stay far below 2^53.
pg.types.setTypeParser(20, (value) => Number(value));
// numeric (sum()) likewise.
pg.types.setTypeParser(1700, (value) => Number(value));

export function openStore(databaseUrl: string): Store {
  if (databaseUrl.startsWith('sqlite:')) return openSqlite(databaseUrl.slice('sqlite:'.length));
  return openPostgres(databaseUrl);
}

function openSqlite(file: string): Store {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  // FULL: an acknowledged write survives a power cut, not only a killed process.
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, engine: 'sqlite', close: () => db.destroy() };
}

function openPostgres(databaseUrl: string): Store {
  // A `schema` query parameter selects the search_path (used by tests to isolate each app).
  const url = new URL(databaseUrl);
  const schema = url.searchParams.get('schema');
  url.searchParams.delete('schema');
  if (schema !== null && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`bad schema name ${schema}`);
  const pool = new pg.Pool({
    connectionString: url.toString(),
    max: 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, engine: 'postgres', close: () => db.destroy() };
}
