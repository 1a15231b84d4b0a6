import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import {
  addDays,
  addWorkingDays,
  isWorkingDay,
  londonDay,
  workingDaysBetween,
} from '../../src/domain/working-days.js';

test('weekends and the bank holidays of England and Wales are not working days', () => {
  assert.equal(isWorkingDay('2026-11-23'), true); // Monday
  assert.equal(isWorkingDay('2026-11-28'), false); // Saturday
  assert.equal(isWorkingDay('2026-11-29'), false); // Sunday
  for (const day of [
    '2026-12-25',
    '2026-12-28',
    '2027-01-01',
    '2027-03-26',
    '2027-03-29',
    '2027-05-03',
    '2027-08-30',
  ]) {
    assert.equal(isWorkingDay(day), false, day);
  }
  // St Andrew's Day is a Scottish holiday, not an English one.
  assert.equal(isWorkingDay('2026-11-30'), true);
});

test('the third working day after a day crosses Christmas and the substitute Boxing Day', () => {
  // Wed 23 Dec 2026: Thu 24 (1), Fri 25 holiday, Mon 28 substitute holiday, Tue 29 (2), Wed 30 (3).
  assert.equal(addWorkingDays('2026-12-23', 3), '2026-12-30');
  // Friday 20 Nov 2026: Mon (1), Tue (2), Wed (3).
  assert.equal(addWorkingDays('2026-11-20', 3), '2026-11-25');
});

test('property: addWorkingDays lands on a working day exactly n working days later', () => {
  const day = fc.integer({ min: 0, max: 365 * 6 }).map((offset) => addDays('2025-01-01', offset));
  fc.assert(
    fc.property(day, fc.integer({ min: 1, max: 30 }), (start, n) => {
      const result = addWorkingDays(start, n);
      assert.equal(isWorkingDay(result), true);
      assert.equal(workingDaysBetween(start, result), n);
      assert.equal(workingDaysBetween(start, addDays(result, -1)), n - 1);
      assert.ok(result > start);
    }),
  );
});

test('London day: late evening UTC in summer is already the next day in London', () => {
  assert.equal(londonDay(new Date('2026-07-01T23:30:00Z')), '2026-07-02');
  assert.equal(londonDay(new Date('2026-12-01T23:30:00Z')), '2026-12-01');
});
