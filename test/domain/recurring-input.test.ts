import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { loadConfig } from '../../src/config.js';
import { DomainError } from '../../src/domain/errors.js';
import { checkRecurringInput, earliestFirstPaymentDay } from '../../src/domain/recurring/recurring-input.js';
import { FREQUENCIES, finalDate, itemDate } from '../../src/domain/recurring/schedule.js';
import { addDays, isWorkingDay, londonDay, workingDaysBetween } from '../../src/domain/working-days.js';

const config = loadConfig({ DATABASE_URL: 'sqlite::memory:' });
const body = (recurringPaymentDate: string) => ({
  reference: 'rent',
  recurringAmount: '10.00',
  recurringPaymentDate,
  numberOfPayments: 3,
  frequency: 'one_month' as const,
});

function accepted(now: Date, day: string): boolean {
  try {
    checkRecurringInput(config, now, body(day));
    return true;
  } catch (err) {
    if (err instanceof DomainError && err.code === 'validation_failed') return false;
    throw err;
  }
}

const instant = fc
  .integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2034, 11, 31) })
  .map((ms) => new Date(ms));

test('property: a first date is accepted exactly when it is 3 or more working days after today in London', () => {
  fc.assert(
    fc.property(instant, fc.integer({ min: -3, max: 20 }), (now, offset) => {
      const today = londonDay(now);
      const day = addDays(today, offset);
      assert.equal(accepted(now, day), workingDaysBetween(today, day) >= 3, `${now.toISOString()} -> ${day}`);
    }),
    { numRuns: 500 },
  );
});

test('property: the earliest allowed day is a working day, accepted, and the day before it is not', () => {
  fc.assert(
    fc.property(instant, (now) => {
      const earliest = earliestFirstPaymentDay(now);
      assert.ok(isWorkingDay(earliest));
      assert.equal(workingDaysBetween(londonDay(now), earliest), 3);
      assert.ok(accepted(now, earliest));
      assert.ok(!accepted(now, addDays(earliest, -1)));
    }),
    { numRuns: 300 },
  );
});

test('the 400 names the earliest allowed date, field /recurringPaymentDate', () => {
  const now = new Date('2026-12-23T10:00:00Z');
  assert.throws(
    () => checkRecurringInput(config, now, body('2026-12-29')),
    (err: DomainError) => {
      assert.equal(err.code, 'validation_failed');
      assert.deepEqual(
        err.errors?.map((e) => e.field),
        ['/recurringPaymentDate'],
      );
      assert.match(err.message, /earliest allowed date is 2026-12-30/);
      return true;
    },
  );
});

test('property: a schedule accepted today has no item before its first date nor before the earliest day', () => {
  fc.assert(
    fc.property(
      instant,
      fc.integer({ min: 0, max: 400 }),
      fc.constantFrom(...FREQUENCIES),
      fc.integer({ min: 1, max: 40 }),
      (now, offset, frequency, count) => {
        const day = addDays(earliestFirstPaymentDay(now), offset);
        const checked = checkRecurringInput(config, now, {
          ...body(day),
          frequency,
          numberOfPayments: count,
        });
        const first = new Date(checked.firstPaymentDate);
        const dates = Array.from({ length: count }, (_, i) => itemDate(first, frequency, i).toISOString());
        assert.equal(dates.length, count);
        assert.ok(dates.every((d) => d >= checked.firstPaymentDate));
        assert.ok(dates.every((d, i) => i === 0 || d > dates[i - 1]!));
        assert.ok(londonDay(new Date(dates[0]!)) >= earliestFirstPaymentDay(now));
        assert.equal(finalDate(first, frequency, count)?.toISOString(), dates.at(-1));
      },
    ),
    { numRuns: 300 },
  );
});
