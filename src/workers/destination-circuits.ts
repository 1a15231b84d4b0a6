// Per-destination circuit breakers of the dispatcher loop (issue 14 item 6). A receiver that is down
// fails every delivery, and each failure is an attempt row and an event update: under load that is a
// write per create on the database the API shares. After a few failures in a row its events are no
// longer claimed for a while (they stay pending, unattempted: each event's own retry schedule, API.md
// part 8, is untouched); then one event goes as a probe. Its success closes the circuit and the
// backlog flows; its failure holds the destination twice as long, up to a cap shorter than the
// schedule's first retry. Held per process: two workers each learn of a failing receiver themselves.
// While held, the loop sets the receiver's due events aside until a time (renewed as it passes, further
// ahead the longer the receiver has been down: deferrals()) and makes them due again when the circuit
// closes: events left due were read past by every claim, a cost that grew with the backlog of a
// receiver that is down.
import type { Logger } from '../context.js';

export interface CircuitOptions {
  /** Failures in a row that open a destination's circuit. */
  threshold?: number;
  /** How long a circuit first stays open, doubled at each failed probe up to `maxOpenMs`. */
  baseOpenMs?: number;
  maxOpenMs?: number;
  /**
   * How far ahead a held receiver's events are set aside at first (another worker may take them after
   * that); each renewal goes as far ahead as the receiver has been held, up to `maxDeferMs`.
   */
  deferMs?: number;
  maxDeferMs?: number;
}

/** A held receiver's events set aside until `until` (ms since the epoch). */
export interface Deferral {
  destination: string;
  until: number;
}

interface Circuit {
  failures: number;
  openMs: number;
  /** Set once open: since when the receiver has been held back (a failed probe keeps it). */
  heldSince?: number;
  /** Set while open: when the next probe may go. */
  openUntil?: number;
  /** Set while a probe is out: when it was sent. */
  probeSince?: number;
  /** Set once its events are being set aside: until when. */
  deferredTo?: number;
}

/** A probe that has not been heard of by then (its delivery took the 10 s time-out, or was lost) is retried. */
const PROBE_LOST_MS = 30_000;

export class DestinationCircuits {
  private readonly circuits = new Map<string, Circuit>();
  private readonly threshold: number;
  private readonly baseOpenMs: number;
  private readonly maxOpenMs: number;
  private readonly deferMs: number;
  private readonly maxDeferMs: number;
  /** Closed circuits whose set-aside events are to be made due again. */
  private readonly closed: Deferral[] = [];

  constructor(
    private readonly log: Logger,
    options: CircuitOptions = {},
  ) {
    this.threshold = options.threshold ?? 3;
    this.baseOpenMs = options.baseOpenMs ?? 1_000;
    this.maxOpenMs = options.maxOpenMs ?? 25_000;
    this.deferMs = options.deferMs ?? 60_000;
    // An hour: a long outage's backlog is then rewritten hourly (600k events: under 200 rows a second,
    // against 10,000 at a minute), and a worker that dies without stopping (a graceful stop or a closed
    // circuit hands them back at once) leaves its set-aside events an hour late at most, the step the
    // retry schedule itself has reached by then (API.md 8: 10 min, then 1 h).
    this.maxDeferMs = Math.max(this.deferMs, options.maxDeferMs ?? 3_600_000);
  }

  /**
   * What to set aside at `now`: each held destination with the time its events wait until, renewed once
   * passed (those set aside before are due again by then, and are set aside anew). A renewal sets them
   * aside for as long as the receiver has been held so far (at least `deferMs`, at most `maxDeferMs`):
   * each at least doubles the time held, so a backlog is rewritten about log2(outage / deferMs) times
   * (6 in the first hour, then hourly) rather than once every `deferMs`; a short outage costs no more
   * than before.
   */
  deferrals(now: number): Deferral[] {
    const deferrals: Deferral[] = [];
    for (const [destination, circuit] of this.circuits) {
      if (circuit.openUntil === undefined && circuit.probeSince === undefined) continue;
      if (circuit.deferredTo === undefined || now >= circuit.deferredTo) {
        // The first set-aside is `deferMs` ahead even when it comes late (no poll free to make it).
        const heldFor = circuit.deferredTo === undefined ? 0 : now - (circuit.heldSince ?? now);
        circuit.deferredTo = now + Math.min(Math.max(this.deferMs, heldFor), this.maxDeferMs);
      }
      deferrals.push({ destination, until: circuit.deferredTo });
    }
    return deferrals;
  }

  /** Until when `destination`'s events are set aside, if they are: its probe may take one of those. */
  deferredTo(destination: string): number | undefined {
    return this.circuits.get(destination)?.deferredTo;
  }

  /** Takes the set-asides of circuits closed since the last call: their events are to go now. */
  takeClosed(): Deferral[] {
    return this.closed.splice(0);
  }

  /** Gives back set-asides taken by takeClosed that could not be undone (the database failed). */
  returnClosed(deferrals: Deferral[]): void {
    this.closed.push(...deferrals);
  }

  /** Every set-aside still standing, open or closed, all forgotten (the loop stops: hand them back). */
  takeAll(): Deferral[] {
    const all = this.closed.splice(0);
    for (const [destination, circuit] of this.circuits) {
      if (circuit.deferredTo !== undefined) all.push({ destination, until: circuit.deferredTo });
    }
    this.circuits.clear();
    return all;
  }

  private close(destination: string, circuit: Circuit): void {
    this.circuits.delete(destination);
    if (circuit.deferredTo !== undefined) this.closed.push({ destination, until: circuit.deferredTo });
  }

  /** Destinations whose events are not to be claimed now: open, or with their probe out. */
  held(): string[] {
    const held: string[] = [];
    for (const [destination, circuit] of this.circuits) {
      if (circuit.openUntil !== undefined || circuit.probeSince !== undefined) held.push(destination);
    }
    return held;
  }

  /** Destinations whose one probe may go at `now`; each is marked as probing. */
  probes(now: number): string[] {
    const due: string[] = [];
    for (const [destination, circuit] of this.circuits) {
      const lost = circuit.probeSince !== undefined && now - circuit.probeSince >= PROBE_LOST_MS;
      if ((circuit.openUntil !== undefined && now >= circuit.openUntil) || lost) {
        circuit.openUntil = undefined;
        circuit.probeSince = now;
        due.push(destination);
      }
    }
    return due;
  }

  /** A delivery to `destination` reached a receiver that answered (2xx, or a 4xx: it is up). */
  succeeded(destination: string): void {
    const circuit = this.circuits.get(destination);
    if (!circuit) return;
    this.close(destination, circuit);
    if (circuit.failures >= this.threshold) {
      this.log.info({ destination }, 'webhook destination answers again: its deliveries resume');
    }
  }

  /** A probe found nothing to send (delivered elsewhere, or not due): nothing is held back any more. */
  nothingToProbe(destination: string): void {
    const circuit = this.circuits.get(destination);
    if (circuit) this.close(destination, circuit);
  }

  /** A delivery to `destination` found the receiver down (network error, time-out, 5xx, 429). */
  failed(destination: string, now: number): void {
    const circuit = this.circuits.get(destination) ?? { failures: 0, openMs: this.baseOpenMs };
    this.circuits.set(destination, circuit);
    circuit.failures++;
    if (circuit.probeSince !== undefined) {
      circuit.probeSince = undefined;
      circuit.openMs = Math.min(circuit.openMs * 2, this.maxOpenMs);
      circuit.openUntil = now + circuit.openMs;
    } else if (circuit.openUntil === undefined && circuit.failures === this.threshold) {
      circuit.heldSince = now;
      circuit.openUntil = now + circuit.openMs;
      this.log.warn(
        { destination, failures: circuit.failures },
        'webhook destination failing: its deliveries are held back, one probe at a time',
      );
    }
  }
}
