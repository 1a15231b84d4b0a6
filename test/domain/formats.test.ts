// The en-GB formats of the customer's pages and e-mails.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  formatDate,
  formatDateTime,
  formatMoney,
  formatSortCode,
  formatTime,
} from '../../src/domain/formats.js';

test('money has a pound sign, thousands separators and exact pence', () => {
  assert.equal(formatMoney(100_000_000), '£1,000,000.00');
  assert.equal(formatMoney(2550), '£25.50');
  assert.equal(formatMoney(5), '£0.05');
  // The largest amount the service holds, printed exactly (a float would round the pence).
  assert.equal(formatMoney(Number.MAX_SAFE_INTEGER), '£90,071,992,547,409.91');
});

test('dates are in words, the same calendar day whatever the form stored', () => {
  assert.equal(formatDate('2027-12-01'), '1 December 2027');
  assert.equal(formatDate('2027-12-01T00:00:00.000Z'), '1 December 2027');
  assert.equal(formatDate('2026-06-30'), '30 June 2026');
});

test('times are on a London clock: GMT in winter, BST in summer', () => {
  assert.equal(formatTime('2027-01-15T12:30:00Z'), '12:30');
  assert.equal(formatTime(new Date('2027-07-15T12:30:00Z')), '13:30');
  assert.equal(formatDateTime('2027-07-15T23:30:00Z'), '16 July 2027 at 00:30');
});

test('sort codes are shown in pairs', () => {
  assert.equal(formatSortCode('123456'), '12-34-56');
  assert.equal(formatSortCode('12-34-56'), '12-34-56');
});
