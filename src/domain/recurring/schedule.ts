// The dates of a recurring payment. Months are counted from the first date, not from the previous
// item, so 31 Jan monthly gives 28/29 Feb, then 31 Mar (the day is clamped to the month's end).

export const FREQUENCIES = ['one_week', 'one_month', 'three_months', 'one_year'] as const;
export type Frequency = (typeof FREQUENCIES)[number];

/** How many items an indefinite recurring payment keeps scheduled ahead. */
export const ROLLING_WINDOW = 12;

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

function addMonths(first: Date, months: number): Date {
  const total = first.getUTCMonth() + months;
  const year = first.getUTCFullYear() + Math.floor(total / 12);
  const month = ((total % 12) + 12) % 12;
  const day = Math.min(first.getUTCDate(), daysInMonth(year, month));
  return new Date(
    Date.UTC(
      year,
      month,
      day,
      first.getUTCHours(),
      first.getUTCMinutes(),
      first.getUTCSeconds(),
      first.getUTCMilliseconds(),
    ),
  );
}

/** The date of the item at `index` (0 is the first payment). */
export function itemDate(first: Date, frequency: Frequency, index: number): Date {
  switch (frequency) {
    case 'one_week':
      return new Date(first.getTime() + index * 7 * 24 * 60 * 60 * 1000);
    case 'one_month':
      return addMonths(first, index);
    case 'three_months':
      return addMonths(first, index * 3);
    case 'one_year':
      return addMonths(first, index * 12);
  }
}

/**
 * The expected dates of items `from` .. `from + count - 1`. For a finite schedule pass its number of
 * payments; an indefinite one (0) is materialised ROLLING_WINDOW items at a time.
 */
export function scheduleDates(first: Date, frequency: Frequency, count: number, from = 0): Date[] {
  return Array.from({ length: count }, (_, i) => itemDate(first, frequency, from + i));
}

/** The last payment's date, or null for an indefinite schedule. */
export function finalDate(first: Date, frequency: Frequency, numberOfPayments: number): Date | null {
  return numberOfPayments > 0 ? itemDate(first, frequency, numberOfPayments - 1) : null;
}
