import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { CONSENT_POINTS } from '../../../src/domain/bank-accounts/bank-account.js';
import { consentPointAt, isLaterPoint } from '../../../src/domain/bank-accounts/consent-points.js';

const DAY = 86_400_000;
const granted = new Date('2026-01-01T00:00:00.000Z');
const expiresAt = new Date(granted.getTime() + 90 * DAY).toISOString();
const at = (days: number) => new Date(granted.getTime() + days * DAY);

test('a 90-day consent reaches day-30, day-14, day-1 and expired on days 60, 76, 89 and 90', () => {
  assert.equal(consentPointAt(expiresAt, at(0)), 'up-to-date');
  assert.equal(consentPointAt(expiresAt, new Date(at(60).getTime() - 1)), 'up-to-date');
  assert.equal(consentPointAt(expiresAt, at(60)), 'day-30');
  assert.equal(consentPointAt(expiresAt, at(75.99)), 'day-30');
  assert.equal(consentPointAt(expiresAt, at(76)), 'day-14');
  assert.equal(consentPointAt(expiresAt, at(89)), 'day-1');
  assert.equal(consentPointAt(expiresAt, at(90)), 'expired');
  assert.equal(consentPointAt(expiresAt, at(400)), 'expired');
});

test('the point never goes back as time goes on', () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 200 * DAY }), fc.integer({ min: 0, max: 200 * DAY }), (a, b) => {
      const [early, late] = a <= b ? [a, b] : [b, a];
      const p1 = consentPointAt(expiresAt, new Date(granted.getTime() + early));
      const p2 = consentPointAt(expiresAt, new Date(granted.getTime() + late));
      return CONSENT_POINTS.indexOf(p2) >= CONSENT_POINTS.indexOf(p1);
    }),
  );
  assert.equal(isLaterPoint('day-30', null), true);
  assert.equal(isLaterPoint('day-30', 'day-30'), false);
  assert.equal(isLaterPoint('day-14', 'day-1'), false);
});
