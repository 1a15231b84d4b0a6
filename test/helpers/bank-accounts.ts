// Bank-account fixtures through the public API, and the outbox events they leave.
import assert from 'node:assert/strict';
import type { TestApp } from './app.js';
import type { Partner } from './fixtures.js';

let counter = 20_000_000;

/** A valid group B create-manually body with a fresh account number. */
export const bankAccountBody = (overrides: Record<string, unknown> = {}) => {
  counter += 1;
  return {
    sortCode: '040004',
    accountNumber: String(counter),
    name: 'Main account',
    provider: 'other',
    bankStatementAttachmentURL: 'https://files.example/statements/2026-10.pdf',
    ...overrides,
  };
};

export const accountsUrl = (companyId: string, rest = '') =>
  `/terminal/v1/companies/${companyId}/bank-accounts${rest}`;

export async function createBankAccount(
  t: TestApp,
  partner: Partner,
  companyId: string,
  overrides: Record<string, unknown> = {},
) {
  const res = await t.call({
    method: 'POST',
    url: accountsUrl(companyId),
    headers: partner.terminalHeaders,
    payload: bankAccountBody(overrides),
  });
  assert.equal(res.statusCode, 201, res.body);
  return res.json().result;
}

export async function setStatus(t: TestApp, bankAccountId: string, status: string) {
  return t.call({
    method: 'POST',
    url: `/admin/v1/bank-accounts/${bankAccountId}/status`,
    headers: { authorization: 'Bearer test-admin-token-0123456789' },
    payload: { status },
  });
}

/** The outbox events recorded for a resource, oldest first, payloads parsed. */
export async function eventsFor(t: TestApp, resourceId: string, eventName?: string) {
  let query = t.deps.db.selectFrom('events').selectAll().where('resource_id', '=', resourceId).orderBy('seq');
  if (eventName) query = query.where('event_name', '=', eventName);
  const rows = await query.execute();
  return rows.map((row) => ({ ...row, payload: JSON.parse(row.payload) }));
}
