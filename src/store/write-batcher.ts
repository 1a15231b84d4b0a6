// Writes that many requests make at once, sent together (issue 14: PostgreSQL's counterpart of SQLite's
// group commit, group-commit.ts). A write goes out at once while fewer than `maxInFlight` of its kind are
// running, so a quiet service adds no wait; past that, writes wait, and the next that finishes sends all
// that waited (up to `maxBatch`) as one statement: one round trip and one commit for all of them.
// A batch is one statement, so it fails whole: then, when the error could be one member's own (bad data,
// a constraint), each member is tried alone and answered by its own outcome, so that a failing write
// never fails the others. Any other error (a lost connection) answers every member of the batch with it:
// the members of a batch share their connection's fate. Reads that many requests make at once can go
// the same way, each member given its own answer by `run` (a merchant credential: integration.repository.ts).

import type { Db } from './database.js';

export interface WriteBatcherOptions<T> {
  /** Runs the items as one statement (one item: its single form). */
  run: (items: T[]) => Promise<void>;
  maxInFlight: number;
  maxBatch: number;
  /** Whether a failed batch's members are to be tried alone (the error may be one member's). */
  retryAlone: (err: unknown) => boolean;
}

interface Waiting<T> {
  item: T;
  resolve: () => void;
  reject: (err: unknown) => void;
}

export class WriteBatcher<T> {
  #inFlight = 0;
  readonly #waiting: Array<Waiting<T>> = [];

  constructor(private readonly options: WriteBatcherOptions<T>) {}

  write(item: T): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.#waiting.push({ item, resolve, reject });
      if (this.#inFlight < this.options.maxInFlight) this.#next();
    });
  }

  #next(): void {
    const batch = this.#waiting.splice(0, this.options.maxBatch);
    if (batch.length === 0) return;
    this.#inFlight += 1;
    void this.#send(batch).finally(() => {
      this.#inFlight -= 1;
      this.#next();
    });
  }

  /** Runs `items` as one statement; a `run` that throws at once fails like one that rejects. */
  #run(items: T[]): Promise<void> {
    return Promise.resolve().then(() => this.options.run(items));
  }

  /** Settles every member of `batch`, whatever happens; never rejects. */
  async #send(batch: Array<Waiting<T>>): Promise<void> {
    let failure: unknown;
    try {
      await this.#run(batch.map((w) => w.item));
      for (const w of batch) w.resolve();
      return;
    } catch (err) {
      failure = err;
    }
    let alone = false;
    try {
      alone = batch.length > 1 && this.options.retryAlone(failure);
    } catch {
      // Undecided: the batch's own error answers it.
    }
    if (!alone) {
      for (const w of batch) w.reject(failure);
      return;
    }
    // One after another, in this batch's place: the retries take no more connections than it did.
    for (const w of batch) {
      await this.#run([w.item]).then(w.resolve, w.reject);
    }
  }
}

/** One batcher for each database, made when first asked for with the options `options` gives for it. */
export function batcherPerDatabase<T>(
  options: (db: Db) => WriteBatcherOptions<T>,
): (db: Db) => WriteBatcher<T> {
  const batchers = new WeakMap<Db, WriteBatcher<T>>();
  return (db) => {
    let batcher = batchers.get(db);
    if (!batcher) {
      batcher = new WriteBatcher(options(db));
      batchers.set(db, batcher);
    }
    return batcher;
  };
}

/**
 * Whether a PostgreSQL error is the statement's own, so that nothing of it was written and its parts can
 * be tried alone: data exceptions (class 22), constraint violations (23), a serialization failure
 * (40001) or a deadlock (40P01). A lost connection, a server going down or an unknown completion
 * (40003) may or may not have committed: not retried.
 */
export function statementFailed(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^(?:2[23][0-9A-Z]{3}|40001|40P01)$/.test(code);
}
