// Fixtures for the partner API's companies (group D), made through the API as a partner would.
import assert from 'node:assert/strict';
import type { TestApp } from './app.js';
import { companyBody, type Partner } from './fixtures.js';

export const partnerCompanyBody = (overrides: Record<string, unknown> = {}) =>
  companyBody({ sendEmail: false, ...overrides });

export interface PartnerCompany {
  id: string;
  status: string;
  officers: Array<{ id: string; name: string; role: string; status: string; verificationUrl?: string }>;
  integration: { id: string; name: string; secretKey: string; webhookSecret: string } | null;
  bankAccount: { id: string } | null;
}

export async function createPartnerCompany(
  t: TestApp,
  partner: Partner,
  overrides: Record<string, unknown> = {},
): Promise<PartnerCompany> {
  const res = await t.call({
    method: 'POST',
    url: '/partner/v1/companies',
    headers: partner.partnerHeaders,
    payload: partnerCompanyBody(overrides),
  });
  assert.equal(res.statusCode, 200, res.body);
  return res.json().result;
}

/** The sandbox control: the officer's identity check passes or fails. */
export async function decideOfficer(
  t: TestApp,
  companyId: string,
  officerId: string,
  outcome: 'pass' | 'fail',
): Promise<{ status: string; companyStatus: string }> {
  const res = await t.call({
    method: 'POST',
    url: `/sandbox/v1/companies/${companyId}/officers/${officerId}/verification`,
    payload: { outcome },
  });
  assert.equal(res.statusCode, 200, res.body);
  return res.json();
}

/** A company every officer of which passed verification: status active. */
export async function createVerifiedCompany(
  t: TestApp,
  partner: Partner,
  overrides: Record<string, unknown> = {},
): Promise<PartnerCompany> {
  const company = await createPartnerCompany(t, partner, overrides);
  let status = company.status;
  for (const officer of company.officers) {
    status = (await decideOfficer(t, company.id, officer.id, 'pass')).companyStatus;
  }
  assert.equal(status, 'active');
  return { ...company, status };
}

/** A bank account added through group B (JSON), for the partner's integration tests. */
export async function addBankAccount(
  t: TestApp,
  partner: Partner,
  companyId: string,
  overrides: Record<string, unknown> = {},
): Promise<{ id: string; name: string; sortCode: string; accountNumber: string; status: string }> {
  const res = await t.call({
    method: 'POST',
    url: `/terminal/v1/companies/${companyId}/bank-accounts`,
    headers: partner.terminalHeaders,
    payload: {
      sortCode: '040004',
      accountNumber: '12345678',
      name: 'Main account',
      provider: 'other',
      bankStatementAttachmentURL: 'https://files.example/statement.pdf',
      ...overrides,
    },
  });
  assert.equal(res.statusCode, 201, res.body);
  return res.json().result;
}

/** The partner webhooks queued in the outbox, oldest first (what the partner's URL will receive). */
export async function partnerEvents(t: TestApp, partnerId: string) {
  const rows = await t.deps.db
    .selectFrom('events')
    .select(['event_name', 'payload', 'destination_kind', 'destination_id'])
    .where('destination_kind', '=', 'partner')
    .where('destination_id', '=', partnerId)
    .orderBy('seq')
    .execute();
  return rows.map((row) => JSON.parse(row.payload) as Record<string, unknown>);
}

/** The e-mails queued in the outbox, oldest first. */
export async function queuedEmails(t: TestApp) {
  const rows = await t.deps.db
    .selectFrom('events')
    .select(['payload'])
    .where('channel', '=', 'email')
    .orderBy('seq')
    .execute();
  return rows.map(
    (row) =>
      JSON.parse(row.payload) as {
        to: string[];
        cc: string[];
        subject: string;
        text: string;
        from: string | null;
        replyTo: string | null;
      },
  );
}
