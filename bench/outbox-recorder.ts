// The webhook bench's recorder in a process of its own: webhooks recorded straight into the outbox at a
// rate, besides those the creates cause. On SQLite each insert waits for the service's write lock, and
// SQLite waits by sleeping in the waiting thread: in the load generator's process that stopped autocannon
// too (7.3 s of a 10 s run, 2026-12-02), which then sent fewer creates and timed them longer.
// forkRecorder() starts it and waits until it is ready (its store open), so that recording starts with
// the creates; it records once, reports, and exits.
import { fork } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { webhookRow } from '../src/domain/events/outbox.js';
import { newId } from '../src/domain/ids.js';
import { openStore, type Store } from '../src/store/database.js';

export interface RecordRequest {
  integrationId: string;
  rate: number;
  seconds: number;
}

export interface Recorded {
  recorded: number;
  /** Time spent in the inserts, most of it waiting for the write lock on SQLite. */
  insertMs: number;
}

export interface Recorder {
  /** Records `rate` webhooks a second for `seconds`; resolves once they are all written. */
  record(request: RecordRequest): Promise<Recorded>;
}

/**
 * `rate` webhooks a second (10 ms ticks, as bench/webhooks.ts records them) for `seconds`, each stamped
 * so that the receiver times it too.
 */
async function record(store: Store, { integrationId, rate, seconds }: RecordRequest): Promise<Recorded> {
  const perTick = Math.max(1, Math.round(rate / 100));
  const start = Date.now();
  let recorded = 0;
  let insertMs = 0;
  for (let tick = 0; tick < seconds * 100; tick++) {
    const wait = start + tick * 10 - Date.now();
    if (wait > 0) await sleep(wait);
    // Built first, then written in one statement: a transaction awaited row by row would hold the write
    // lock across turns of this event loop, and the service's writes would wait for it.
    const rows = [];
    for (let i = 0; i < perTick; i++) {
      const paymentId = newId();
      rows.push(
        await webhookRow(store.db, new Date(), {
          destination: { kind: 'integration', integrationId },
          eventName: 'payment.status_updated',
          resourceType: 'payment',
          resourceId: paymentId,
          payload: {
            eventName: 'payment.status_updated',
            recordedAt: Date.now(),
            data: { id: paymentId, status: 'paid' },
          },
        }),
      );
    }
    const before = performance.now();
    await store.db.insertInto('events').values(rows).execute();
    insertMs += performance.now() - before;
    recorded += perTick;
  }
  return { recorded, insertMs: Math.round(insertMs) };
}

/** The recorder forked, once its store is open (on `databaseUrl`). */
export async function forkRecorder(databaseUrl: string): Promise<Recorder> {
  const child = fork(fileURLToPath(import.meta.url), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, RECORDER_DATABASE_URL: databaseUrl },
  });
  process.once('exit', () => child.kill());
  // 'close' comes after the last message: a child that ends having reported has resolved by then.
  const ended = new Promise<never>((_, reject) =>
    child.once('close', (code, signal) =>
      reject(new Error(`the recorder ended (${signal ?? code}) before it reported`)),
    ),
  );
  ended.catch(() => undefined);
  const next = <T>() =>
    Promise.race([new Promise<T>((resolve) => child.once('message', (m: T) => resolve(m))), ended]);
  await next<{ ready: true }>();
  return {
    record(request) {
      const result = next<Recorded>();
      child.send(request);
      return result;
    },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const store = openStore(process.env.RECORDER_DATABASE_URL ?? '');
  process.once('message', async (request: RecordRequest) => {
    const result = await record(store, request);
    await store.close();
    process.send?.(result, () => process.exit(0));
  });
  process.send?.({ ready: true });
}
