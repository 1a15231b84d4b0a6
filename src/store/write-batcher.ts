// Writes that many requests make at once, sent together (issue 14: PostgreSQL's counterpart of SQLite's
// group commit, group-commit.ts). A write goes out at once while fewer than `maxInFlight` of its kind are
// running, so a quiet service adds no wait; past that, writes wait, and the next that finishes sends all
// that waited (up to `maxBatch`) as one statement: one round trip and one commit for all of them.
// A batch is one statement, so it fails whole: then, when the error could be one member's own (bad data,
// a constraint), each member is tried alone and answered by its own outcome, so that a failing write
// never fails the others. Any other error (a lost connection) answers every member with it.

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

  async #send(batch: Array<Waiting<T>>): Promise<void> {
    try {
      await this.options.run(batch.map((w) => w.item));
      for (const w of batch) w.resolve();
    } catch (err) {
      if (batch.length === 1 || !this.options.retryAlone(err)) {
        for (const w of batch) w.reject(err);
        return;
      }
      await Promise.all(batch.map((w) => this.options.run([w.item]).then(w.resolve, w.reject)));
    }
  }
}

/**
 * Whether a PostgreSQL error is the statement's own, so that nothing of it was written and its parts can
 * be tried alone: data exceptions (class 22), constraint violations (23) and a deadlock or serialization
 * failure (40). A lost connection or a server going down may or may not have committed: not retried.
 */
export function statementFailed(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^(22|23|40)[0-9A-Z]{3}$/.test(code);
}
