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

export function isoNow(clock: Clock): string {
  return clock.now().toISOString();
}
