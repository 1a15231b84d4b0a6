// The dates of a standing order's payments. One rule for the service (expected dates of recurring
// payment items) and the sandbox bank (when it pays), so that both agree to the day:
// the first payment on its date; then every 7 days (one_week), or in every 1st, 3rd or 12th month on
// the first payment's day of the month, on the month's last day when the month is shorter.
// Times of day are kept (UTC).
import type { RecurringFrequency } from './bank-provider.js';

const DAY_MS = 86_400_000;

function daysInMonth(year: number, monthIndex: number): number {
  return new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
}

/**
 * `anchor` moved `months` months on, landing on `day` of that month: 1 to 31 (clamped to the month's
 * last day) or -1 to -5 (counted from the month's end, -1 being the last day). Time of day kept.
 */
export function addMonthsOnDay(anchor: Date, months: number, day: number): Date {
  const total = anchor.getUTCFullYear() * 12 + anchor.getUTCMonth() + months;
  const year = Math.floor(total / 12);
  const month = total - year * 12;
  const last = daysInMonth(year, month);
  const target = day > 0 ? Math.min(day, last) : Math.max(1, last + day + 1);
  const out = new Date(anchor.getTime());
  out.setUTCFullYear(year, month, target);
  return out;
}

export const MONTHS_OF: Record<Exclude<RecurringFrequency, 'one_week'>, number> = {
  one_month: 1,
  three_months: 3,
  one_year: 12,
};

/** The date of payment number `index` (0 = the first payment). */
export function recurringPaymentDate(
  firstPaymentDate: string,
  frequency: RecurringFrequency,
  index: number,
): string {
  const first = new Date(firstPaymentDate);
  if (Number.isNaN(first.getTime())) throw new RangeError(`not a date: ${firstPaymentDate}`);
  if (index === 0) return first.toISOString();
  if (frequency === 'one_week') return new Date(first.getTime() + index * 7 * DAY_MS).toISOString();
  return addMonthsOnDay(first, index * MONTHS_OF[frequency], first.getUTCDate()).toISOString();
}

/** The first `count` payment dates. */
export function recurringPaymentDates(
  firstPaymentDate: string,
  frequency: RecurringFrequency,
  count: number,
) {
  return Array.from({ length: count }, (_, i) => recurringPaymentDate(firstPaymentDate, frequency, i));
}
