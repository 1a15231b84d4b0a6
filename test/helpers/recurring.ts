// Recurring-payment fixtures: a clock set to a known London day, and RecurringCreate bodies.
import assert from 'node:assert/strict';
import type { OffsetClock } from '../../src/domain/clock.js';
import type { TestApp } from './app.js';
import type { Merchant } from './merchant.js';

/**
 * Moves the test clock to `iso` (which must be in the future: the sandbox clock never goes back).
 * Answers the offset set.
 */
export function setNow(clock: OffsetClock, iso: string): number {
  const offset = Date.parse(iso) - Date.now();
  assert.ok(offset > 0, `${iso} is in the past: the sandbox clock only moves forward`);
  clock.setOffset(offset);
  return offset;
}

export const recurringBody = (overrides: Record<string, unknown> = {}) => ({
  reference: 'gym-2027',
  recurringAmount: '25.00',
  recurringPaymentDate: '2027-03-31',
  numberOfPayments: 3,
  frequency: 'one_month',
  customerName: 'Cara Customer',
  customerEmail: 'cara@customer.example',
  customerEmailCC: ['books@customer.example'],
  ...overrides,
});

export async function createRecurring(
  t: TestApp,
  m: Merchant,
  overrides: Record<string, unknown> = {},
  send = false,
) {
  const res = await t.call({
    method: 'POST',
    url: send ? '/merchant/v1/recurring-payments/send' : '/merchant/v1/recurring-payments',
    headers: m.headers,
    payload: recurringBody(overrides),
  });
  assert.equal(res.statusCode, 201, res.body);
  return res.json().result;
}
