import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isoNow, isoString } from '../../src/domain/clock.js';

test('isoString is toISOString, whether the millisecond was formatted last or not', () => {
  const times = [0, 1_796_140_000_123, 1_796_140_000_123, 1_796_140_000_124, 0, -1, 8.64e15];
  for (const ms of times) assert.equal(isoString(new Date(ms)), new Date(ms).toISOString());
  assert.equal(isoNow({ now: () => new Date(1_796_140_000_999) }), '2026-12-01T15:46:40.999Z');
});

test('an invalid date throws as toISOString does, and leaves what was kept', () => {
  const before = isoString(new Date(5));
  assert.throws(() => isoString(new Date(Number.NaN)), RangeError);
  assert.equal(isoString(new Date(5)), before);
});
