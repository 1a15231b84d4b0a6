// The scheduler: runs each periodic job (src/workers/jobs.ts) once per due time across any number of
// processes, by the injected clock. runDueJobs() is the one-shot form (tests, the sandbox clock);
// startScheduler() the loop a worker process runs.
import type { Deps } from '../context.js';
import { loadClockOffset } from '../domain/sandbox-clock.js';
import type { Job } from './job.js';
import { claimJobRun, failJobRun, finishJobRun, releaseJobRuns } from './job-run.repository.js';
import { jobs } from './jobs.js';
import { PROCESS_OWNER } from './owner.js';

const DEFAULT_JOB_LEASE_MS = 5 * 60_000;
const RETRY_AFTER_FAILURE_MS = 60_000;

/** The latest due time of the job at `now`. */
export function dueTimeOf(job: Job, now: Date): Date {
  return new Date(Math.floor(now.getTime() / job.intervalMs) * job.intervalMs);
}

/** The due time, per job, that a loop has seen finished: nothing to ask the database until the next. */
export type FinishedRuns = Map<string, string>;

async function runIfDue(deps: Deps, job: Job, finished?: FinishedRuns): Promise<void> {
  const now = deps.clock.now();
  const dueAt = dueTimeOf(job, now).toISOString();
  // Two write statements per job every tick, for nothing, kept an idle service at 2% of a core.
  if (finished?.get(job.name) === dueAt) return;
  const leaseUntil = new Date(now.getTime() + (job.leaseMs ?? DEFAULT_JOB_LEASE_MS));
  if (!(await claimJobRun(deps.db, job.name, dueAt, PROCESS_OWNER, now, leaseUntil))) return;
  try {
    await job.run(deps);
    await finishJobRun(deps.db, job.name, dueAt, PROCESS_OWNER, deps.clock.now());
    finished?.set(job.name, dueAt);
  } catch (err) {
    deps.log.error({ err, job: job.name, dueAt }, 'periodic job failed; it will be tried again');
    const retryAt = new Date(deps.clock.now().getTime() + Math.min(job.intervalMs, RETRY_AFTER_FAILURE_MS));
    await failJobRun(deps.db, job.name, dueAt, PROCESS_OWNER, String(err), retryAt);
  }
}

/**
 * Runs, one after another, every job due at deps.clock.now() that no process has run for that due time.
 * `finished`, kept by a loop across its ticks, spares asking again about a run it finished itself.
 */
export async function runDueJobs(
  deps: Deps,
  list: readonly Job[] = jobs,
  finished?: FinishedRuns,
): Promise<void> {
  for (const job of list) await runIfDue(deps, job, finished);
}

export interface SchedulerOptions {
  /** How often (real time) the scheduler looks for due jobs. */
  tickMs?: number;
  jobs?: readonly Job[];
}

export function startScheduler(deps: Deps, options: SchedulerOptions = {}): { stop(): Promise<void> } {
  const tickMs = options.tickMs ?? 1000;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let wakeUp: (() => void) | undefined;
  const finished: FinishedRuns = new Map();
  const loop = (async () => {
    while (!stopping) {
      try {
        // Another process may have moved the sandbox clock.
        if (deps.config.sandbox) await loadClockOffset(deps);
        await runDueJobs(deps, options.jobs ?? jobs, finished);
      } catch (err) {
        deps.log.error({ err }, 'scheduler tick failed');
      }
      if (stopping) break;
      await new Promise<void>((resolve) => {
        wakeUp = resolve;
        timer = setTimeout(resolve, tickMs);
      });
    }
  })();
  return {
    async stop() {
      stopping = true;
      clearTimeout(timer);
      wakeUp?.();
      await loop;
      await releaseJobRuns(deps.db, PROCESS_OWNER, deps.clock.now());
    },
  };
}
