// Rules of spec 4.A and part 8 for RecurringCreate that a JSON schema cannot say: amount bounds, the
// e-mail addresses, and the first payment date at least 3 working days after today (England and Wales).
import type { Config } from '../../config.js';
import { InputCheck } from '../payments/payment-input.js';
import { addWorkingDays, londonDay } from '../working-days.js';
import type { RecurringInput } from './recurring.js';

/** Working days between today and the earliest first payment date the customer's bank can meet. */
export const NOTICE_WORKING_DAYS = 3;
/** A finite schedule is stored item by item; longer ones run until cancelled (0). */
export const MAX_NUMBER_OF_PAYMENTS = 1000;

const DATE_RE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/;

/** The earliest first payment date allowed today (a London calendar day, YYYY-MM-DD). */
export function earliestFirstPaymentDay(now: Date): string {
  return addWorkingDays(londonDay(now), NOTICE_WORKING_DAYS);
}

/** A date (the day's midnight UTC) or a date-time, as an ISO timestamp; undefined when not a real date. */
function parseDate(value: string): string | undefined {
  if (!DATE_RE.test(value)) return undefined;
  const time = Date.parse(value.length === 10 ? `${value}T00:00:00.000Z` : value);
  if (Number.isNaN(time)) return undefined;
  // Date.parse rolls 2030-02-30 over to March: the calendar day must survive the round trip.
  const day = value.slice(0, 10);
  const check = Date.parse(`${day}T00:00:00.000Z`);
  if (Number.isNaN(check) || !new Date(check).toISOString().startsWith(day)) return undefined;
  return new Date(time).toISOString();
}

export interface CheckedRecurring {
  amountPence: number;
  initialPence: number | null;
  firstPaymentDate: string;
  customerEmail: string | null;
  customerEmailCC: string[];
}

/** Checks a RecurringCreate body against today's date; throws one 400 listing every failing field. */
export function checkRecurringInput(config: Config, now: Date, input: RecurringInput): CheckedRecurring {
  const check = new InputCheck();
  const amountPence = check.amount('/recurringAmount', input.recurringAmount, config);
  const initialPence =
    input.initialPaymentAmount === undefined
      ? null
      : check.amount('/initialPaymentAmount', input.initialPaymentAmount, config);
  if (!Number.isInteger(input.numberOfPayments) || input.numberOfPayments < 0) {
    check.fail('/numberOfPayments', 'must be a whole number, 0 for payments until cancelled');
  } else if (input.numberOfPayments > MAX_NUMBER_OF_PAYMENTS) {
    check.fail('/numberOfPayments', `must be at most ${MAX_NUMBER_OF_PAYMENTS} (or 0: until cancelled)`);
  }
  const firstPaymentDate = parseDate(input.recurringPaymentDate);
  if (firstPaymentDate === undefined) {
    check.fail('/recurringPaymentDate', 'must be a date (YYYY-MM-DD) or an ISO 8601 date-time');
  } else {
    const earliest = earliestFirstPaymentDay(now);
    if (londonDay(new Date(firstPaymentDate)) < earliest) {
      check.fail(
        '/recurringPaymentDate',
        `must be at least ${NOTICE_WORKING_DAYS} working days after today (${londonDay(now)}): the earliest allowed date is ${earliest}`,
      );
    }
  }
  const customerEmail = check.email('/customerEmail', input.customerEmail);
  const customerEmailCC = check.emails('/customerEmailCC', input.customerEmailCC);
  check.done();
  return {
    amountPence,
    initialPence,
    firstPaymentDate: firstPaymentDate as string,
    customerEmail,
    customerEmailCC,
  };
}
