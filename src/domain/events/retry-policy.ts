// When a failed delivery is tried again (API.md 8). Delays are counted from the failed attempt.
import { isPaymentEvent } from './event.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How long a webhook is retried, from its first attempt: a receiver down for a weekend still hears it. */
export const WEBHOOK_HORIZON = 3 * DAY;
/** E-mail: an SMTP outage delays mail and loses none, so keep trying for a week. */
export const MAIL_HORIZON = 7 * DAY;

/** The spec's three retries (30, 60, 120 s), then 10 min, 1 h and 6 h. */
const FIRST_STEPS = [30 * SECOND, 60 * SECOND, 120 * SECOND, 10 * MINUTE, HOUR, 6 * HOUR];

/**
 * `steps`, then one retry a day while the horizon is not reached, and a last one at the horizon itself:
 * the schedule is a span of time rather than a count, so no schedule gives up before its horizon.
 */
export function retriesUpTo(horizon: number, steps: readonly number[] = FIRST_STEPS): readonly number[] {
  const delays = [...steps];
  let total = delays.reduce((sum, delay) => sum + delay, 0);
  while (total + DAY < horizon) {
    delays.push(DAY);
    total += DAY;
  }
  if (total < horizon) delays.push(horizon - total);
  return delays;
}

/** Every webhook that is retried at all: bank-account, partner, and payment webhooks with retries on. */
export const LONG_RETRIES = retriesUpTo(WEBHOOK_HORIZON);
export const MAIL_RETRIES = retriesUpTo(MAIL_HORIZON);

export function webhookRetries(
  destinationKind: 'integration' | 'partner',
  eventName: string,
  retryFlag: boolean,
): readonly number[] {
  if (destinationKind === 'integration' && isPaymentEvent(eventName) && !retryFlag) return [];
  return LONG_RETRIES;
}

/** The delay before the next attempt after `attempts` failed ones, or undefined when that was the last. */
export function nextDelay(schedule: readonly number[], attempts: number): number | undefined {
  return schedule[attempts - 1];
}
