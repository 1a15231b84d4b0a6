// Group commit for SQLite (issue 14 item 5). SQLite has one writer, and each COMMIT writes to the WAL
// every page its transaction touched: a payment create touches 19 B-trees. Transactions that queue for
// the connection while others run join one BEGIN ... COMMIT, each in a SAVEPOINT of its own:
// - one that fails is rolled back to its savepoint alone, and fails alone;
// - each one's execute() resolves only after the COMMIT that holds its writes, so nothing is
//   acknowledged before it is as durable as `synchronous` makes a commit;
// - the batch is committed once the transactions already waiting have joined (the commit queues for the
//   connection behind them), or when it holds MAX_MEMBERS;
// - a statement outside any transaction that reads runs within an open batch (it sees writes of
//   transactions that finished in it); one that writes first commits the batch, then runs on its own.
// A batch begins IMMEDIATE: it takes the write lock at once, so a transaction that read first cannot
// find, at its first write, that another process wrote meanwhile (SQLITE_BUSY_SNAPSHOT).
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type SqliteDatabase,
  SqliteDialect,
  type SqliteDialectConfig,
  type TransactionSettings,
} from 'kysely';

const MAX_MEMBERS = 64;

/** A savepoint name Kysely's controlled transactions give (an identifier: nothing to escape). */
function savepointName(name: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`bad savepoint name ${name}`);
  return name;
}

class Batch {
  members = 0;
  readonly committed: Promise<void>;
  resolve!: () => void;
  reject!: (err: unknown) => void;
  constructor() {
    this.committed = new Promise((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
    // A member that gave up waiting (its request ended) must not turn a failed commit into a crash.
    this.committed.catch(() => undefined);
  }
}

const TRANSACTION_ENDED = 'this transaction has already committed or rolled back';

/**
 * One connection acquisition: the transaction it runs, if any. Once released it runs nothing: a
 * transaction's statement not awaited in its callback would otherwise run after the connection went to
 * others, in another's savepoint or committing the batch early (Kysely refuses it only once the
 * batch's COMMIT is done).
 */
class Handle implements DatabaseConnection {
  batch: Batch | undefined;
  released = false;
  constructor(private readonly driver: GroupCommitDriver) {}
  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.released) throw new Error(TRANSACTION_ENDED);
    return this.driver.run<R>(query, this.batch !== undefined);
  }
  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (this.released) throw new Error(TRANSACTION_ENDED);
    yield this.driver.run<R>(query, this.batch !== undefined);
  }
}

class Mutex {
  #held: Promise<void> | undefined;
  #release: (() => void) | undefined;
  get held(): boolean {
    return this.#held !== undefined;
  }

  async lock(): Promise<void> {
    while (this.#held) await this.#held;
    this.#held = new Promise((resolve) => {
      this.#release = resolve;
    });
  }
  unlock(): void {
    const release = this.#release;
    this.#held = undefined;
    this.#release = undefined;
    release?.();
  }
}

export class GroupCommitDriver implements Driver {
  readonly #mutex = new Mutex();
  #db: SqliteDatabase | undefined;
  #batch: Batch | undefined;
  #commitQueued = false;
  /** COMMITs run, for tests and measurement. */
  commits = 0;

  constructor(private readonly config: SqliteDialectConfig) {}

  async init(): Promise<void> {
    const { database } = this.config;
    this.#db = typeof database === 'function' ? await database() : database;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#mutex.lock();
    return new Handle(this);
  }

  async beginTransaction(connection: DatabaseConnection, _settings: TransactionSettings): Promise<void> {
    const handle = connection as Handle;
    if (this.#batch && this.#batch.members >= MAX_MEMBERS) this.#commit();
    if (!this.#batch) {
      this.#exec('begin immediate');
      this.#batch = new Batch();
    }
    handle.batch = this.#batch;
    this.#batch.members++;
    // One name for all: members run one after another, never nested (and a fixed text stays cached).
    this.#exec('savepoint batch_member');
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const handle = connection as Handle;
    const batch = handle.batch;
    if (!batch) throw new Error('commit outside a transaction');
    this.#exec('release batch_member');
    handle.batch = undefined;
    // The connection goes to the next in line now (it may join this batch); Kysely's releaseConnection
    // after this returns finds it released already.
    this.#releaseHandle(handle);
    await batch.committed;
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const handle = connection as Handle;
    // Kysely rolls back when commitTransaction throws: here that is its batch's COMMIT having failed,
    // already rolled back, after the connection went to others (whose batch must not be touched).
    if (handle.released) return;
    handle.batch = undefined;
    try {
      this.#exec('rollback to batch_member');
      this.#exec('release batch_member');
    } catch (err) {
      // SQLite rolled the whole transaction back itself (e.g. a full disk): the batch is lost for all.
      const lost = this.#batch;
      this.#batch = undefined;
      try {
        this.#exec('rollback');
      } catch {
        // Nothing left to roll back.
      }
      lost?.reject(err);
      throw err;
    }
  }

  async savepoint(_connection: DatabaseConnection, name: string): Promise<void> {
    this.#exec(`savepoint ${savepointName(name)}`);
  }

  async rollbackToSavepoint(_connection: DatabaseConnection, name: string): Promise<void> {
    this.#exec(`rollback to ${savepointName(name)}`);
  }

  async releaseSavepoint(_connection: DatabaseConnection, name: string): Promise<void> {
    this.#exec(`release ${savepointName(name)}`);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    this.#releaseHandle(connection as Handle);
  }

  async destroy(): Promise<void> {
    await this.#mutex.lock();
    try {
      if (this.#batch) this.#commit();
    } finally {
      this.#mutex.unlock();
      this.#db?.close();
    }
  }

  /**
   * Runs a reading statement at once, when no transaction holds the connection (else undefined: the
   * caller queues for it as any query does). It reads what a read queued behind the mutex would, with no
   * promise, mutex or Kysely on the way: a hot read (the credential on every call, a payment get) spent
   * more in those than in SQLite.
   */
  readNow<R>(sql: string, parameters: readonly unknown[]): R[] | undefined {
    if (this.#mutex.held || !this.#db) return undefined;
    const statement = this.#db.prepare(sql);
    return statement.reader ? (statement.all(parameters) as R[]) : undefined;
  }

  /**
   * Runs a statement of the transaction that holds the connection now, at once: the caller must be that
   * transaction (reusable-query.ts directWhileOpen registers it only while its callback runs). Kysely's
   * way there, five async layers and a query executor made anew, cost a create more than its SQL.
   */
  runInTransaction<R>(sql: string, parameters: readonly unknown[]): R[] {
    if (!this.#batch) throw new Error('no transaction is open on the connection');
    const statement = this.#database().prepare(sql);
    if (statement.reader) return statement.all(parameters) as R[];
    statement.run(parameters);
    return [];
  }

  /** Runs one statement for a handle; a write outside any transaction first commits an open batch. */
  run<R>(query: CompiledQuery, inTransaction: boolean): QueryResult<R> {
    const statement = this.#database().prepare(query.sql);
    if (statement.reader) return { rows: statement.all(query.parameters) as R[] };
    if (!inTransaction && this.#batch) this.#commit();
    const { changes, lastInsertRowid } = statement.run(query.parameters);
    return {
      numAffectedRows: changes !== undefined && changes !== null ? BigInt(changes) : undefined,
      insertId:
        lastInsertRowid !== undefined && lastInsertRowid !== null ? BigInt(lastInsertRowid) : undefined,
      rows: [],
    };
  }

  #database(): SqliteDatabase {
    if (!this.#db) throw new Error('the SQLite driver is not initialised');
    return this.#db;
  }

  #exec(sql: string): void {
    this.#database().prepare(sql).run([]);
  }

  #releaseHandle(handle: Handle): void {
    if (handle.released) return;
    handle.released = true;
    this.#mutex.unlock();
    if (this.#batch && !this.#commitQueued) {
      this.#commitQueued = true;
      // After this turn's I/O, so that requests that arrived with this one queue for the connection (and
      // join the batch) before the commit does.
      setImmediate(() => void this.#commitWhenFree());
    }
  }

  async #commitWhenFree(): Promise<void> {
    await this.#mutex.lock();
    this.#commitQueued = false;
    try {
      if (this.#batch) this.#commit();
    } finally {
      this.#mutex.unlock();
    }
  }

  #commit(): void {
    const batch = this.#batch;
    if (!batch) return;
    this.#batch = undefined;
    try {
      this.#exec('commit');
      this.commits++;
      batch.resolve();
    } catch (err) {
      try {
        this.#exec('rollback');
      } catch {
        // Already rolled back by SQLite.
      }
      batch.reject(err);
    }
  }
}

/** Kysely's SQLite dialect with the group-commit driver. */
export class GroupCommitSqliteDialect extends SqliteDialect {
  readonly driver: GroupCommitDriver;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.driver = new GroupCommitDriver(config);
  }
  override createDriver(): Driver {
    return this.driver;
  }
}
