// The date range of the transaction list and statistic (spec 4.D dateFrom, dateTo): inclusive bounds on
// completedAt. A bare date means the whole UTC day: dateFrom from its first millisecond, dateTo to its last.
import { InputCheck } from '../payments/payment-input.js';

const DAY_MS = 86_400_000;

export interface CompletionWindow {
  completedFrom?: string | undefined;
  completedTo?: string | undefined;
}

/** 400 for a value that is not a date or date-time, or a window that ends before it starts. */
export function completionWindow(input: { dateFrom?: string | undefined; dateTo?: string | undefined }) {
  const check = new InputCheck();
  const from = check.date('/dateFrom', input.dateFrom) ?? undefined;
  let to = check.date('/dateTo', input.dateTo) ?? undefined;
  if (to !== undefined && input.dateTo?.length === 10) {
    to = new Date(Date.parse(to) + DAY_MS - 1).toISOString();
  }
  if (from !== undefined && to !== undefined && from > to)
    check.fail('/dateTo', 'must not be before dateFrom');
  check.done();
  return { completedFrom: from, completedTo: to } satisfies CompletionWindow;
}
