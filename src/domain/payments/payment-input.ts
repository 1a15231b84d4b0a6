// Rules of spec 4.A and part 8 that a JSON schema cannot say: amount bounds, CC lists, dates, URLs.
import type { Config } from '../../config.js';
import { DomainError, type FieldError } from '../errors.js';
import { formatAmount, isAmountString, parseAmount } from '../money.js';

const EMAIL_RE = /^[^\s@,;<>"]+@[^\s@,;<>"]+\.[^\s@,;<>"]+$/;
const DATE_RE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/;

const EARLIEST_DUE_DATE = '2000-01-01T00:00:00.000Z';

function validDay(day: string): boolean {
  const time = Date.parse(`${day}T00:00:00.000Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(day);
}

export class InputCheck {
  readonly errors: FieldError[] = [];

  fail(field: string, message: string): void {
    this.errors.push({ field, message });
  }

  /** Throws one 400 listing every failing field. */
  done(): void {
    if (this.errors.length > 0) {
      const detail = this.errors.map((e) => `${e.field.replace(/^\//, '')} ${e.message}`).join('; ');
      throw new DomainError('validation_failed', detail, this.errors);
    }
  }

  amount(field: string, value: string, config: Config): number {
    if (!isAmountString(value)) {
      this.fail(field, 'must be an amount with two decimals, e.g. 12.50');
      return 0;
    }
    let pence: number;
    try {
      pence = parseAmount(value);
    } catch {
      // More pence than a number holds exactly: far above any MAX_AMOUNT.
      this.fail(field, `must be at most ${formatAmount(config.maxAmountPence)}`);
      return 0;
    }
    if (pence <= 0) this.fail(field, 'must be greater than 0.00');
    else if (pence > config.maxAmountPence)
      this.fail(field, `must be at most ${formatAmount(config.maxAmountPence)}`);
    return pence;
  }

  emails(field: string, value: string | string[] | undefined): string[] {
    if (value === undefined) return [];
    const list = (Array.isArray(value) ? value : value.split(','))
      .map((s) => s.trim())
      .filter((s) => s !== '');
    list.forEach((address, i) => {
      if (!EMAIL_RE.test(address))
        this.fail(Array.isArray(value) ? `${field}/${i}` : field, `"${address}" is not an e-mail address`);
    });
    if (list.length > 20) this.fail(field, 'must list at most 20 addresses');
    return [...new Set(list)];
  }

  email(field: string, value: string | undefined): string | null {
    if (value === undefined || value === '') return null;
    if (!EMAIL_RE.test(value)) this.fail(field, 'must be an e-mail address');
    return value;
  }

  /** A date (2026-12-01) or a date-time; stored as an ISO timestamp. */
  date(field: string, value: string | undefined): string | null {
    if (value === undefined || value === '') return null;
    const time = DATE_RE.test(value)
      ? Date.parse(value.length === 10 ? `${value}T00:00:00.000Z` : value)
      : Number.NaN;
    // Date.parse rolls 2030-02-30 over to March: the calendar day must survive the round trip.
    const sameDay =
      !Number.isNaN(time) && (value.length > 10 || new Date(time).toISOString().startsWith(value));
    if (Number.isNaN(time) || !sameDay || (value.length > 10 && !validDay(value.slice(0, 10)))) {
      this.fail(field, 'must be a date (YYYY-MM-DD) or an ISO 8601 date-time');
      return null;
    }
    return new Date(time).toISOString();
  }

  /**
   * A payment's due date: a date() that is today or later (a bare date is its whole UTC day) and not
   * before 2000, so that no payment is born overdue.
   */
  dueDate(field: string, value: string | undefined, now: Date): string | null {
    const due = this.date(field, value);
    if (due === null) return null;
    const today = `${now.toISOString().slice(0, 10)}T00:00:00.000Z`;
    const earliest = value?.length === 10 ? today : now.toISOString();
    if (due < EARLIEST_DUE_DATE) this.fail(field, 'must be in the year 2000 or later');
    else if (due < earliest) this.fail(field, `must not be in the past (earliest ${earliest.slice(0, 10)})`);
    return due;
  }

  httpUrl(field: string, value: string | undefined): string | null {
    if (value === undefined || value === '') return null;
    try {
      const url = new URL(value);
      if (url.protocol === 'http:' || url.protocol === 'https:') return value;
    } catch {
      // reported below
    }
    this.fail(field, 'must be an absolute http(s) URL');
    return null;
  }
}
