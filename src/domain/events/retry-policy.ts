// When a failed delivery is tried again (API.md 8). Delays are counted from the failed attempt.
import { isPaymentEvent } from './event.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** Payment webhooks of an integration with isRetryWebhookEnabled: 3 retries. */
export const PAYMENT_RETRIES: readonly number[] = [30 * SECOND, 60 * SECOND, 120 * SECOND];
/** Bank-account and partner webhooks (and payment webhooks' own schedule extended). */
export const LONG_RETRIES: readonly number[] = [...PAYMENT_RETRIES, 10 * MINUTE, HOUR, 6 * HOUR, 24 * HOUR];
/** E-mail: an SMTP outage delays mail and loses none, so keep trying daily for a week. */
export const MAIL_RETRIES: readonly number[] = [...LONG_RETRIES, ...Array<number>(6).fill(24 * HOUR)];

export function webhookRetries(
  destinationKind: 'integration' | 'partner',
  eventName: string,
  retryFlag: boolean,
): readonly number[] {
  if (destinationKind === 'integration' && isPaymentEvent(eventName)) return retryFlag ? PAYMENT_RETRIES : [];
  return LONG_RETRIES;
}

/** The delay before the next attempt after `attempts` failed ones, or undefined when that was the last. */
export function nextDelay(schedule: readonly number[], attempts: number): number | undefined {
  return schedule[attempts - 1];
}
