// Month arithmetic of standing orders, shared by the adapter (our frequency as an Open Banking schedule
// code) and the sandbox bank (when it pays). It follows the rule of src/domain/recurring/schedule.ts:
// months counted from the first payment, on its day of the month, clamped to shorter months' last day.
import type { RecurringFrequency } from './bank-provider.js';

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
