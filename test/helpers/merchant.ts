// A merchant ready to take payments: partner, active company, a bank account, an integration using it.
import { newId } from '../../src/domain/ids.js';
import type { TestApp } from './app.js';
import { createIntegration, type Partner, tenant } from './fixtures.js';

export interface Merchant {
  partner: Partner;
  companyId: string;
  bankAccountId: string;
  integrationId: string;
  webhookSecret: string;
  headers: Record<string, string>;
}

let accountCounter = 10_000_000;

export async function merchant(
  t: TestApp,
  options: { partnerName?: string; integration?: Record<string, unknown> } = {},
): Promise<Merchant> {
  const { partner, company } = await tenant(t, options.partnerName);
  accountCounter += 1;
  // Written directly: these tests are about payments, not about how accounts are added.
  const now = t.clock.now().toISOString();
  const account = { id: newId() };
  await t.deps.db
    .insertInto('bank_accounts')
    .values({
      id: account.id,
      company_id: company.id,
      sort_code: '040004',
      account_number: String(accountCounter).padStart(8, '0'),
      name: 'Main account',
      provider: 'ob-sandbox',
      is_default: 1,
      status: 'verified',
      creation_type: 'manual',
      consent_id: null,
      consent_expires_at: null,
      bank_consent_expired: null,
      statement_url: 'https://files.example/statement.pdf',
      statement_file_key: null,
      created_at: now,
      updated_at: now,
    } as never)
    .execute();
  const integration = await createIntegration(t, partner, company.id, options.integration);
  return {
    partner,
    companyId: company.id,
    bankAccountId: account.id,
    integrationId: integration.id,
    webhookSecret: integration.webhookSecret,
    headers: integration.merchantHeaders,
  };
}

export const paymentBody = (overrides: Record<string, unknown> = {}) => ({
  invoiceRefNumber: 'INV-1001',
  amount: '25.50',
  customerName: 'Cara Customer',
  customerEmail: 'cara@customer.example',
  customerEmailCC: 'books@customer.example, boss@customer.example',
  dueDate: '2030-01-31',
  type: 'link',
  ...overrides,
});
