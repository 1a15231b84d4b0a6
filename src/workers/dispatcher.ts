// The outbox dispatcher: claims due events (webhooks and e-mails), sends them outside any transaction,
// and records every attempt. drainOutbox() is the one-shot form (tests, the sandbox clock);
// startDispatcher() the loop a worker process runs.
import type { Deps } from '../context.js';
import { deliverEvents, type SendWebhook } from '../domain/events/deliver.js';
import {
  anyEventDue,
  claimDueEvents,
  type DestinationFilter,
  deferEvents,
  type EventOutcome,
  type EventRow,
  recordOutcomes,
  releaseLeases,
  undeferEvents,
} from '../domain/events/event.repository.js';
import { type CircuitOptions, type Deferral, DestinationCircuits } from './destination-circuits.js';
import { PROCESS_OWNER } from './owner.js';

const DRAIN_BATCH = 100;
/** How long a finished delivery may wait for others to be recorded with it. */
const FLUSH_DELAY_MS = 10;
/** Events of one held-back receiver set aside per poll at most: a large backlog goes over several. */
const DEFER_BATCH = 1_000;
/** Events one claim takes at most: a claim holds its rows locked while it writes them all. */
const MAX_CLAIM = 256;
/**
 * After a claim that took some events but fewer than it could, the next waits this long, so that the
 * events coming in meanwhile go in one claim rather than one claim each few: a claim costs a transaction
 * and a walk past every event in flight, however few it takes. At 600 creates a second, each with its
 * webhook, that cost the service 5% and PostgreSQL 7% of their CPU a create (bench/RESULTS.md,
 * 2026-12-03 14:25-15:30). A delivery waits at most this much longer.
 */
const CLAIM_GATHER_MS = 25;

async function claim(deps: Deps, limit: number, destinations?: DestinationFilter): Promise<EventRow[]> {
  const now = deps.clock.now();
  const leaseUntil = new Date(now.getTime() + deps.config.leaseMs);
  return claimDueEvents(deps.db, deps.engine, { owner: PROCESS_OWNER, now, leaseUntil, limit, destinations });
}

/** Whether an attempt found its receiver down (rather than up, whatever it answered). */
function receiverDown(outcome: EventOutcome): boolean {
  const status = outcome.attempt?.status_code;
  return outcome.attempt !== undefined && (status === null || status === 429 || (status ?? 0) >= 500);
}

/** Delivers everything due at deps.clock.now(), awaiting every HTTP call and SMTP send. */
export async function drainOutbox(deps: Deps): Promise<void> {
  for (;;) {
    const events = await claim(deps, DRAIN_BATCH);
    if (events.length === 0) return;
    const outcomes: EventOutcome[] = [];
    await deliverEvents(deps, events, (outcome) => outcomes.push(outcome));
    await recordOutcomes(deps.db, deps.engine, PROCESS_OWNER, outcomes);
  }
}

export interface DispatcherOptions {
  /** Deliveries in flight at most. */
  concurrency?: number;
  /** How often an idle dispatcher looks for due events. */
  pollMs?: number;
  /** When a failing receiver's deliveries are held back (destination-circuits.ts). */
  circuits?: CircuitOptions;
  /** How each webhook is sent (default: on this thread, sendWebhook). */
  send?: SendWebhook;
}

export interface Stoppable {
  /** Stops claiming, lets in-flight deliveries finish (each ends within its 10 s time-out), records
   * them, and gives back any claim still held. */
  stop(): Promise<void>;
}

/**
 * Runs the dispatcher loop: keeps up to `concurrency` deliveries in flight, claims more as slots free
 * up, and writes outcomes in small batches (one commit for many attempts). A receiver found down
 * several times in a row has its deliveries held back, one probe at a time (destination-circuits.ts);
 * drainOutbox, the one-shot form, attempts everything due.
 */
export function startDispatcher(deps: Deps, options: DispatcherOptions = {}): Stoppable {
  // Receivers on the internet answer in 100 ms or more: throughput is about concurrency / latency, where
  // a delivery holds its slot from its claim until its outcome is recorded. On a busy machine that took
  // about 170 ms: 256 slots carried 1,531 of the 1,939 webhooks a second offered, 512 all of them
  // (bench/RESULTS.md, 2026-12-03 10:25-11:00).
  const concurrency = options.concurrency ?? 512;
  const pollMs = options.pollMs ?? 100;
  // Claiming one event at a time under load costs a transaction each: wait for a few free slots.
  const minClaim = Math.max(1, Math.min(64, Math.floor(concurrency / 4)));
  const flushBatch = Math.max(1, Math.min(128, Math.floor(concurrency / 2)));
  const circuits = new DestinationCircuits(deps.log, options.circuits);
  let stopping = false;
  let inFlight = 0;
  const outcomes: EventOutcome[] = [];
  let flushing: Promise<void> | undefined;
  let wakeUp: (() => void) | undefined;
  // A wake-up that came while the loop was busy must not be lost, or it sleeps a whole poll for nothing.
  let woken = false;

  const wake = () => {
    woken = true;
    wakeUp?.();
  };
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (woken) {
        woken = false;
        return resolve();
      }
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeUp = undefined;
        woken = false;
        resolve();
      }
      wakeUp = done;
    });

  const flush = (): Promise<void> => {
    if (flushing) return flushing;
    flushing = (async () => {
      while (outcomes.length > 0) {
        const batch = outcomes.splice(0);
        try {
          await recordOutcomes(deps.db, deps.engine, PROCESS_OWNER, batch);
        } catch (err) {
          // The claims stay leased and expire: those events are sent again (at least once).
          deps.log.error({ err, count: batch.length }, 'recording delivery outcomes failed');
        }
        inFlight -= batch.length;
        wake();
      }
    })().finally(() => {
      flushing = undefined;
      if (outcomes.length > 0) void flush();
    });
    return flushing;
  };

  // Each write is a commit (an fsync on SQLite, which blocks the event loop): gather the outcomes that
  // end close together, unless every delivery in flight has ended or the batch is already large.
  let flushTimer: NodeJS.Timeout | undefined;
  const flushSoon = () => {
    if (outcomes.length >= flushBatch || outcomes.length >= inFlight) {
      clearTimeout(flushTimer);
      flushTimer = undefined;
      void flush();
    } else {
      flushTimer ??= setTimeout(() => {
        flushTimer = undefined;
        void flush();
      }, FLUSH_DELAY_MS);
    }
  };

  const launch = (events: EventRow[]) => {
    let reported = 0;
    const destinations = new Map(events.map((event) => [event.seq, event.destination_id]));
    deliverEvents(
      deps,
      events,
      (outcome) => {
        reported++;
        const destination = destinations.get(outcome.seq);
        // An attempt with no target failed in paybank before any receiver was tried (deliver.ts, the
        // sender thread ending): it says nothing of the receiver.
        if (destination && outcome.attempt && outcome.attempt.target !== null) {
          if (receiverDown(outcome)) circuits.failed(destination, deps.clock.now().getTime());
          else circuits.succeeded(destination);
        }
        outcomes.push(outcome);
        flushSoon();
      },
      options.send,
    ).catch((err: unknown) => {
      deps.log.error({ err }, 'delivering a batch failed; its claims will expire and be retried');
      inFlight -= events.length - reported;
      wake();
    });
  };

  const undefer = async (deferrals: Deferral[]) => {
    const now = deps.clock.now();
    for (const { destination, until } of deferrals) {
      await undeferEvents(deps.db, destination, now, new Date(until));
    }
  };

  // Receivers that answer again get their set-aside events now; held-back ones have those due set aside.
  const settleHeld = async () => {
    const closed = circuits.takeClosed();
    try {
      await undefer(closed);
    } catch (err) {
      circuits.returnClosed(closed);
      throw err;
    }
    const now = deps.clock.now();
    for (const { destination, until } of circuits.deferrals(now.getTime())) {
      await deferEvents(deps.db, deps.engine, destination, now, new Date(until), DEFER_BATCH);
    }
  };

  /**
   * A read first, unless the last claim took all it could (busy: more is surely due) or a receiver is
   * held back. A poll that finds nothing due, the idle case, writes nothing.
   */
  let busy = false;
  const claimDue = async (limit: number): Promise<EventRow[]> => {
    // While a receiver is held back, claim without asking: a read of its backlog (due again at each
    // renewal of the set-aside) could see nothing else and hold every other receiver's events back.
    const due =
      busy || circuits.held().length > 0 || (await anyEventDue(deps.db, deps.engine, deps.clock.now()));
    await settleHeld();
    const events = due ? await claim(deps, limit, { exclude: circuits.held() }) : [];
    busy = events.length >= limit;
    return events;
  };

  const loop = (async () => {
    while (!stopping) {
      const free = concurrency - inFlight;
      let claimed = 0;
      if (free >= minClaim || (free > 0 && inFlight === 0)) {
        try {
          const events = await claimDue(Math.min(free, MAX_CLAIM));
          // One event of each held-back destination whose wait is over, as its probe.
          for (const destination of circuits.probes(deps.clock.now().getTime())) {
            const deferred = circuits.deferredTo(destination);
            const deferredTo = deferred === undefined ? undefined : new Date(deferred);
            const probe = await claim(deps, 1, { only: destination, deferredTo });
            if (probe.length === 0) circuits.nothingToProbe(destination);
            events.push(...probe);
          }
          claimed = events.length;
          if (claimed > 0) {
            inFlight += claimed;
            launch(events);
          }
        } catch (err) {
          deps.log.error({ err }, 'claiming outbox events failed');
          // The database is unwell: do not hammer it (nor the log) every poll.
          if (!stopping) await sleep(Math.max(pollMs, 1000));
        }
      }
      if (stopping) break;
      if (claimed === 0 || claimed >= free) await sleep(pollMs);
      // Not sleep(): recorded outcomes wake that, and they come every few milliseconds under load.
      else await new Promise((resolve) => setTimeout(resolve, CLAIM_GATHER_MS));
    }
  })();

  return {
    async stop() {
      stopping = true;
      wake();
      await loop;
      while (inFlight > 0) {
        await (flushing ?? new Promise<void>((resolve) => setTimeout(resolve, 20)));
      }
      clearTimeout(flushTimer);
      await flush();
      await releaseLeases(deps.db, PROCESS_OWNER);
      // Another worker (or this one restarted) need not wait for what this one set aside.
      await undefer(circuits.takeAll());
    },
  };
}
