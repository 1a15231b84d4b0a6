// Time comes from an injected clock so that the sandbox and the tests can move it.

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that runs with real time plus an offset that can only grow (the sandbox clock). */
export class OffsetClock implements Clock {
  constructor(private offsetMs = 0) {}

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  get offset(): number {
    return this.offsetMs;
  }

  setOffset(offsetMs: number): void {
    this.offsetMs = offsetMs;
  }

  advance(ms: number): Date {
    this.offsetMs += ms;
    return this.now();
  }
}

let lastMs = Number.NaN;
let lastIso = '';

/**
 * `date.toISOString()`, kept for the last millisecond formatted: V8 formats it through snprintf (0.5 us
 * here), and a create formats the same moment four times (issue 14). An invalid date throws, as before.
 */
export function isoString(date: Date): string {
  const ms = date.getTime();
  if (ms !== lastMs) {
    lastIso = date.toISOString();
    lastMs = ms;
  }
  return lastIso;
}

export function isoNow(clock: Clock): string {
  return isoString(clock.now());
}
