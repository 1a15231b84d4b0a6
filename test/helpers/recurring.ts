// Recurring-payment fixtures: a clock set to a known London day, and RecurringCreate bodies.
import assert from 'node:assert/strict';
import type { OffsetClock } from '../../src/domain/clock.js';
import type { TestApp } from './app.js';
import type { ListeningApp } from './listening-app.js';
import type { Merchant } from './merchant.js';
import { http, tokenOf } from './payment-flow.js';

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

/**
 * Follows one bank authorisation the way a browser would: the sandbox bank approves (or rejects) as
 * the account holder, then the bank's redirect back to the service. Answers the service's Location.
 */
export async function decideAtSandbox(
  app: ListeningApp,
  authorizationUrl: string,
  decision: 'approve' | 'reject' = 'approve',
): Promise<string> {
  const decided = await http(app, 'POST', `/sandbox/v1/authorizations/${decision}`, {
    body: { authorizationUrl },
  });
  assert.equal(decided.status, 200, decided.text);
  const back = await http(app, 'GET', decided.json().redirectUrl);
  assert.equal(back.status, 303, back.text);
  return back.headers.get('location') ?? '';
}

/** Initiate payment for a recurring link: the bank's first authorisation page. */
export async function initiateRecurring(app: ListeningApp, link: string): Promise<string> {
  const initiated = await http(app, 'POST', '/public/v1/payments/initiate', {
    body: { type: 'recurring payment', id: tokenOf(link), externalId: 'ob-sandbox' },
  });
  assert.equal(initiated.status, 200, initiated.text);
  return initiated.json().data.authorizationUrl;
}

/** POST /sandbox/v1/clock/advance: due jobs run and due webhooks are sent before it answers. */
export async function advanceDays(app: ListeningApp, days: number): Promise<string> {
  const res = await http(app, 'POST', '/sandbox/v1/clock/advance', { body: { days } });
  assert.equal(res.status, 200, res.text);
  return res.json().now;
}

export async function itemsOf(app: ListeningApp, m: Merchant, id: string) {
  const res = await http(app, 'GET', `/merchant/v1/recurring-payments/${id}/payments`, {
    headers: m.headers,
  });
  assert.equal(res.status, 200, res.text);
  return res.json() as Array<{
    id: string;
    status: string;
    expectedPaymentDate: string;
    completedAt: string | null;
  }>;
}

export async function recurringOf(app: ListeningApp, m: Merchant, id: string) {
  const res = await http(app, 'GET', `/merchant/v1/recurring-payments/${id}`, { headers: m.headers });
  assert.equal(res.status, 200, res.text);
  return res.json();
}
