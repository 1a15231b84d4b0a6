// Working days: Monday to Friday, less the bank holidays of England and Wales (date-holidays 'GB'/'ENG').
// Days are calendar days in London, written YYYY-MM-DD.
import { createRequire } from 'node:module';
import type Holidays from 'date-holidays';

// Loaded when first needed: its calendar data takes a fifth of a second to load, which every start paid.
const require = createRequire(import.meta.url);
let holidays: Holidays | undefined;
const bankHolidayCache = new Map<number, Set<string>>();

function bankHolidays(year: number): Set<string> {
  let days = bankHolidayCache.get(year);
  if (!days) {
    holidays ??= new (require('date-holidays') as typeof Holidays)('GB', 'ENG');
    days = new Set(
      (holidays.getHolidays(year) || []).filter((h) => h.type === 'public').map((h) => h.date.slice(0, 10)),
    );
    bankHolidayCache.set(year, days);
  }
  return days;
}

/** The calendar day in London of an instant. */
export function londonDay(at: Date): string {
  return at.toLocaleDateString('en-CA', { timeZone: 'Europe/London' });
}

export function addDays(day: string, days: number): string {
  const at = new Date(`${day}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

export function isWorkingDay(day: string): boolean {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return !bankHolidays(Number(day.slice(0, 4))).has(day);
}

/** The n-th working day after `day` (not counting `day` itself). */
export function addWorkingDays(day: string, n: number): string {
  let current = day;
  let counted = 0;
  while (counted < n) {
    current = addDays(current, 1);
    if (isWorkingDay(current)) counted++;
  }
  return current;
}

/** Working days in (from, to]: how many working days `to` is after `from`. */
export function workingDaysBetween(from: string, to: string): number {
  let count = 0;
  for (let day = addDays(from, 1); day <= to; day = addDays(day, 1)) if (isWorkingDay(day)) count++;
  return count;
}
