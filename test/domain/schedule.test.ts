import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { FREQUENCIES, finalDate, itemDate, scheduleDates } from '../../src/domain/recurring/schedule.js';

const iso = (d: Date) => d.toISOString().slice(0, 10);

test('monthly from 31 January clamps to the month end and comes back to the 31st', () => {
  const first = new Date('2027-01-31T09:00:00.000Z');
  assert.deepEqual(scheduleDates(first, 'one_month', 4).map(iso), [
    '2027-01-31',
    '2027-02-28',
    '2027-03-31',
    '2027-04-30',
  ]);
  assert.equal(iso(itemDate(new Date('2028-01-31T00:00:00Z'), 'one_month', 1)), '2028-02-29');
  assert.deepEqual(scheduleDates(first, 'three_months', 3).map(iso), [
    '2027-01-31',
    '2027-04-30',
    '2027-07-31',
  ]);
  assert.deepEqual(scheduleDates(new Date('2028-02-29T00:00:00Z'), 'one_year', 2).map(iso), [
    '2028-02-29',
    '2029-02-28',
  ]);
  assert.deepEqual(scheduleDates(first, 'one_week', 2).map(iso), ['2027-01-31', '2027-02-07']);
  assert.equal(iso(finalDate(first, 'one_month', 3)!), '2027-03-31');
  assert.equal(finalDate(first, 'one_month', 0), null);
});

const firstDate = fc
  .integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2035, 11, 31) })
  .map((ms) => new Date(Math.floor(ms / 1000) * 1000));

test('property: exactly numberOfPayments items, none before the first, strictly increasing, last = final', () => {
  fc.assert(
    fc.property(
      firstDate,
      fc.constantFrom(...FREQUENCIES),
      fc.integer({ min: 1, max: 60 }),
      (first, frequency, n) => {
        const dates = scheduleDates(first, frequency, n);
        assert.equal(dates.length, n);
        assert.equal(dates[0]!.getTime(), first.getTime());
        for (let i = 1; i < dates.length; i++) assert.ok(dates[i]!.getTime() > dates[i - 1]!.getTime());
        assert.ok(dates.every((d) => d.getTime() >= first.getTime()));
        assert.equal(dates.at(-1)!.getTime(), finalDate(first, frequency, n)!.getTime());
      },
    ),
  );
});

test('property: a rolling window continues the same schedule', () => {
  fc.assert(
    fc.property(
      firstDate,
      fc.constantFrom(...FREQUENCIES),
      fc.integer({ min: 0, max: 40 }),
      (first, frequency, from) => {
        const whole = scheduleDates(first, frequency, from + 5);
        const window = scheduleDates(first, frequency, 5, from);
        assert.deepEqual(window, whole.slice(from));
      },
    ),
  );
});
