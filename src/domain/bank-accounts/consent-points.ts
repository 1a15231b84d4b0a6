// When a data-API consent's reminders fall due (spec 6.1): 30, 14 and 1 days before it runs out, and
// when it has run out. Each point is reached once per consent; a renewed consent starts again.
import type { ConsentPoint } from './bank-account.js';
import { CONSENT_POINTS } from './bank-account.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export const CONSENT_REMINDERS: ReadonlyArray<{ point: ConsentPoint; daysBefore: number }> = [
  { point: 'day-30', daysBefore: 30 },
  { point: 'day-14', daysBefore: 14 },
  { point: 'day-1', daysBefore: 1 },
  { point: 'expired', daysBefore: 0 },
];

/** The latest point a consent running out at `expiresAt` has reached by `now`. */
export function consentPointAt(expiresAt: string, now: Date): ConsentPoint {
  const left = Date.parse(expiresAt) - now.getTime();
  let reached: ConsentPoint = 'up-to-date';
  for (const { point, daysBefore } of CONSENT_REMINDERS) {
    if (left <= daysBefore * DAY_MS) reached = point;
  }
  return reached;
}

export function isLaterPoint(a: ConsentPoint, b: ConsentPoint | null): boolean {
  return CONSENT_POINTS.indexOf(a) > CONSENT_POINTS.indexOf(b ?? 'up-to-date');
}

/** The points that come before `point` (the states an account can be in when `point` falls due). */
export function pointsBefore(point: ConsentPoint): ConsentPoint[] {
  return CONSENT_POINTS.slice(0, CONSENT_POINTS.indexOf(point));
}

export function consentExpiry(authorisedAt: Date, consentDays: number): string {
  return new Date(authorisedAt.getTime() + consentDays * DAY_MS).toISOString();
}

export function daysFrom(now: Date, days: number): string {
  return new Date(now.getTime() + days * DAY_MS).toISOString();
}
