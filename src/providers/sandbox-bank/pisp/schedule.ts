// When a standing order pays, from its Open Banking Frequency code. Supported: EvryDay, IntrvlDay:NN,
// IntrvlWkDay:NN:DD and IntrvlMnthDay:NN:DD; the rest (working days, week-in-month, quarter days) is
// refused with UK.OBIE.Unsupported.Frequency. Payment 0 is on FirstPaymentDateTime; payment 1 on
// RecurringPaymentDateTime when given; the others follow the code from there.
import { addMonthsOnDay } from '../../schedule.js';

const DAY_MS = 86_400_000;

export type Schedule =
  | { unit: 'day'; every: number }
  | { unit: 'week'; every: number; weekday: number }
  | { unit: 'month'; every: number; day: number };

export function scheduleOf(frequency: string): Schedule | undefined {
  if (frequency === 'EvryDay') return { unit: 'day', every: 1 };
  let m = /^IntrvlDay:(\d\d)$/.exec(frequency);
  if (m) return { unit: 'day', every: Number(m[1]) };
  m = /^IntrvlWkDay:(\d\d):(\d\d)$/.exec(frequency);
  if (m) return { unit: 'week', every: Number(m[1]), weekday: Number(m[2]) };
  m = /^IntrvlMnthDay:(\d\d):(-?\d\d)$/.exec(frequency);
  if (m) return { unit: 'month', every: Number(m[1]), day: Number(m[2]) };
  return undefined;
}

/** `n` steps of the schedule after `anchor`. */
function step(schedule: Schedule, anchor: Date, n: number): Date {
  if (n === 0) return anchor;
  switch (schedule.unit) {
    case 'day':
      return new Date(anchor.getTime() + n * schedule.every * DAY_MS);
    case 'week': {
      const moved = new Date(anchor.getTime() + n * schedule.every * 7 * DAY_MS);
      // ISO weekday (1 Monday .. 7 Sunday): on or after the moved date.
      const iso = moved.getUTCDay() === 0 ? 7 : moved.getUTCDay();
      return new Date(moved.getTime() + ((schedule.weekday - iso + 7) % 7) * DAY_MS);
    }
    case 'month':
      return addMonthsOnDay(anchor, n * schedule.every, schedule.day);
  }
}

export interface PaymentPlan {
  schedule: Schedule;
  firstPaymentAt: string;
  recurringPaymentAt: string | null;
  finalPaymentAt: string | null;
  numberOfPayments: number | null;
}

/** The date of payment `index` (0-based), or null when the plan has no such payment. */
export function paymentDateOf(plan: PaymentPlan, index: number): string | null {
  if (plan.numberOfPayments !== null && index >= plan.numberOfPayments) return null;
  const first = new Date(plan.firstPaymentAt);
  const date =
    index === 0
      ? first
      : plan.recurringPaymentAt
        ? step(plan.schedule, new Date(plan.recurringPaymentAt), index - 1)
        : step(plan.schedule, first, index);
  if (plan.finalPaymentAt && date.getTime() > new Date(plan.finalPaymentAt).getTime()) return null;
  return date.toISOString();
}
