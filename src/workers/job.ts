// A periodic job: idempotent, driven by the injected clock (deps.clock), run by the scheduler.
import type { Deps } from '../context.js';

export interface Job {
  /** Unique, stable name: the scheduler keys its bookkeeping on it. */
  name: string;
  /**
   * How often the job is due, in the clock's time. Due times are the multiples of the interval since
   * the Unix epoch (a daily job is due at 00:00 UTC); each due time runs once across all processes.
   * When the clock jumps over several due times (the sandbox clock), the job runs once for the
   * latest: a run must catch up on everything due by deps.clock.now().
   */
  intervalMs: number;
  run(deps: Deps): Promise<void>;
  /** How long one run may take before another process may take it over (default 5 minutes). */
  leaseMs?: number;
}
