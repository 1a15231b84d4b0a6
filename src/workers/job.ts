// A periodic job: idempotent, driven by the injected clock (deps.clock), run by the scheduler.
import type { Deps } from '../context.js';

export interface Job {
  /** Unique, stable name: the scheduler keys its bookkeeping on it. */
  name: string;
  /** How often the job is due, in the clock's time. */
  intervalMs: number;
  run(deps: Deps): Promise<void>;
}
