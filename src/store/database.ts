// Opens the one database the service uses: SQLite (embedded default) or PostgreSQL, same schema.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, type PostgresPool, SqliteDialect, type Transaction } from 'kysely';
import type Pg from 'pg';
import { GroupCommitSqliteDialect } from './group-commit.js';
import { preparedName } from './prepared.js';
import { runDirectOn, runTransactionsDirectOn } from './reusable-query.js';
import type { Database } from './schema.js';
import { withStatementCache } from './sqlite-statements.js';

// pg is loaded only when a PostgreSQL URL is opened: SQLite processes skip its load time at start.
const require = createRequire(import.meta.url);
let pgModule: typeof Pg | undefined;

function loadPg(): typeof Pg {
  if (!pgModule) {
    pgModule = require('pg') as typeof Pg;
    // int8 (bigint, count(*)) as a JS number: pence and counts stay far below 2^53.
    pgModule.types.setTypeParser(20, (value) => Number(value));
    // numeric (sum()) likewise.
    pgModule.types.setTypeParser(1700, (value) => Number(value));
  }
  return pgModule;
}

export type Db = Kysely<Database>;
export type Trx = Transaction<Database>;
export type Engine = 'sqlite' | 'postgres';

export interface Store {
  db: Db;
  engine: Engine;
  close(): Promise<void>;
}

export interface StoreOptions {
  /**
   * SQLite's `synchronous` in WAL mode. NORMAL (default): a committed write survives the process being
   * killed; only a power cut or OS crash can lose the last commits. FULL: one fsync per commit survives
   * those too, at a large cost in writes per second.
   */
  sqliteSynchronous?: 'NORMAL' | 'FULL';
  /** SQLite: transactions that queue together commit together (group-commit.ts). On by default. */
  sqliteGroupCommit?: boolean;
  /** PostgreSQL: a pooled connection the server ended (the pool opens another when next needed). */
  onConnectionError?: (err: Error) => void;
}

export function openStore(databaseUrl: string, options: StoreOptions = {}): Store {
  if (databaseUrl.startsWith('sqlite:')) {
    return openSqlite(
      databaseUrl.slice('sqlite:'.length),
      options.sqliteSynchronous ?? 'NORMAL',
      options.sqliteGroupCommit ?? true,
    );
  }
  return openPostgres(databaseUrl, options.onConnectionError);
}

/**
 * The database holds every credential hash and sealed secret: its directory is created 0700 and its files
 * 0600. SQLite gives the -wal and -shm files the mode of the database file, so creating that one first
 * is enough; files left by an older version are narrowed too.
 */
function restrictSqliteFiles(file: string): void {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true, mode: 0o700 });
  fs.closeSync(fs.openSync(file, 'a', 0o600));
  for (const name of [file, `${file}-wal`, `${file}-shm`, `${file}-journal`]) {
    try {
      fs.chmodSync(name, 0o600);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
}

/**
 * An in-memory SQLite database that starts as a copy of `image` (what `serialize()` gave): tests copy one
 * migrated database instead of migrating each of theirs (a fifth of building an app).
 */
export function openSqliteImage(image: Buffer, options: StoreOptions = {}): Store {
  return openSqlite(image, options.sqliteSynchronous ?? 'NORMAL', options.sqliteGroupCommit ?? true);
}

/**
 * WAL pages at which a commit checkpoints (SQLite's default: 1,000). The checkpoint runs right after that
 * commit, in the same call, on the event loop: it copies each page changed since the last one into the
 * database file and fsyncs both files while every request waits. A create rewrites the same pages (the
 * indexes' last leaves, the outbox's), and a checkpoint copies each page once however often it changed,
 * so four times the pages between checkpoints mean fewer copies per create and a quarter of the fsyncs:
 * 11-20% more creates a second with their webhooks (bench/RESULTS.md, 2026-12-01 21:27-21:35). 4,000
 * keeps the WAL, but for the commit that crosses the mark, within the first block of its index (4,062
 * frames), so that a read of a page not in the cache searches one block. The cost: the -wal file stays
 * about 16 MB on disk, and with SQLITE_SYNCHRONOUS=NORMAL (whose commits are synced only at checkpoints)
 * a power cut or OS crash can lose up to that much of the last commits instead of 4 MB; a killed process
 * loses none, as before. bench/limit.ts uses the same mark.
 */
export const WAL_CHECKPOINT_PAGES = 4_000;

function openSqlite(file: string | Buffer, synchronous: 'NORMAL' | 'FULL', groupCommit: boolean): Store {
  if (typeof file === 'string' && file !== ':memory:' && file !== '') restrictSqliteFiles(file);
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma(`synchronous = ${synchronous}`);
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Group commit runs each transaction in a savepoint, and SQLite keeps the original of every page it
  // changes in a sub-journal, spilt to a temp file past 64 KiB: a create changes about 22 such pages, so
  // that was 44 more writes a create and a file made and deleted per batch. In memory: 16-21% more
  // creates a second (bench/RESULTS.md, 2026-12-02 03:52). SQLite's source, not its documentation, ties
  // the sub-journal to temp_store: test/store/sqlite-temp-store.test.ts holds it to that. The cost: the
  // sub-journal (the pages one transaction changes; the largest, the outbox retention's, deletes 5,000
  // events and their attempts), sorts without an index (a migration's index build included) and
  // temporary tables are held in memory.
  sqlite.pragma('temp_store = MEMORY');
  sqlite.pragma(`wal_autocheckpoint = ${WAL_CHECKPOINT_PAGES}`);
  const config = { database: withStatementCache(sqlite) };
  const dialect = groupCommit ? new GroupCommitSqliteDialect(config) : new SqliteDialect(config);
  const db = new Kysely<Database>({ dialect });
  if (dialect instanceof GroupCommitSqliteDialect) {
    runDirectOn(db, (sql, parameters) => dialect.driver.readNow(sql, parameters));
    runTransactionsDirectOn(db, (sql, parameters) => dialect.driver.runInTransaction(sql, parameters));
  }
  return { db, engine: 'sqlite', close: () => db.destroy() };
}

function openPostgres(databaseUrl: string, onConnectionError: (err: Error) => void = () => {}): Store {
  // A `schema` query parameter selects the search_path (used by tests to isolate each app).
  const url = new URL(databaseUrl);
  const schema = url.searchParams.get('schema');
  url.searchParams.delete('schema');
  if (schema !== null && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`bad schema name ${schema}`);
  const pool = new (loadPg().Pool)({
    connectionString: url.toString(),
    max: 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle connection the server ended (a restart, an administrator, a dropped database): the pool
  // discards it and opens another when next needed. Without a listener the pool's 'error' event
  // would end the process.
  pool.on('error', onConnectionError);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }) });
  // The statement on a pooled connection, as Kysely would run it, without its layers (reusable-query.ts):
  // a payment get is one such statement, and so is a merchant credential (shared by the calls that wait
  // for one: integration.repository.ts).
  runDirectOn(db, async (text, values) => {
    const name = preparedName(text);
    return (await pool.query(name ? { name, text, values } : { text, values })).rows;
  });
  return { db, engine: 'postgres', close: () => db.destroy() };
}

/**
 * The pool as Kysely sees it, whose connections run the SQL marked in prepared.ts as named statements
 * (Kysely sends every query unnamed: parsed and planned anew each time).
 */
function preparingPool(pool: Pg.Pool): PostgresPool {
  const patched = new WeakSet<Pg.PoolClient>();
  return {
    connect: async () => {
      const client = await pool.connect();
      if (!patched.has(client)) {
        patched.add(client);
        const query = client.query.bind(client) as (...args: unknown[]) => unknown;
        // Every other form (a config object, a callback: pool.query's) is passed on whole.
        client.query = ((...args: unknown[]) => {
          const [text, values] = args;
          const name = typeof text === 'string' ? preparedName(text) : undefined;
          return name && args.length <= 2 ? query({ name, text, values }) : query(...args);
        }) as typeof client.query;
      }
      return client;
    },
    end: () => pool.end(),
  };
}
