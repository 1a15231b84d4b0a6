// Fixtures for the partner API's payments, recurring payments and transactions (group D): a verified
// company created by its partner with a bank account and an integration, and payment bodies.
import assert from 'node:assert/strict';
import type { TestApp } from './app.js';
import { createPartner, type Partner } from './fixtures.js';
import { createVerifiedCompany } from './partner-companies.js';

export interface PartnerMerchant {
  partner: Partner;
  headers: Record<string, string>;
  companyId: string;
  bankAccountId: string;
  integrationId: string;
  webhookSecret: string;
  /** The integration's group A credentials (the same company through the merchant API). */
  merchantHeaders: Record<string, string>;
  /** `/partner/v1/companies/:companyId` */
  base: string;
}

let accountCounter = 30_000_000;

/** A partner and its active company, with a bank account at the sandbox bank and an integration using it. */
export async function partnerMerchant(
  t: TestApp,
  options: { partner?: Partner; integration?: Record<string, unknown>; name?: string } = {},
): Promise<PartnerMerchant> {
  const partner = options.partner ?? (await createPartner(t, 'Partner D'));
  accountCounter += 1;
  const company = await createVerifiedCompany(t, partner, {
    ...(options.name ? { name: options.name } : {}),
    bankAccount: {
      name: 'Takings',
      providerExternalId: 'ob-sandbox',
      externalAccountId: String(accountCounter),
      identification: '040004',
    },
    integration: {
      name: 'Web shop',
      webhookUrl: 'https://shop.example/webhooks/paybank',
      redirectUrl: 'https://shop.example/paid',
      ...options.integration,
    },
  });
  assert.ok(company.bankAccount && company.integration);
  return {
    partner,
    headers: partner.partnerHeaders,
    companyId: company.id,
    bankAccountId: company.bankAccount.id,
    integrationId: company.integration.id,
    webhookSecret: company.integration.webhookSecret,
    merchantHeaders: {
      'integration-id': company.integration.id,
      'secret-key': company.integration.secretKey,
    },
    base: `/partner/v1/companies/${company.id}`,
  };
}

export const partnerPaymentBody = (bankAccount: string, overrides: Record<string, unknown> = {}) => ({
  invoiceRefNumber: 'inv-1001',
  amount: '25.50',
  bankAccount,
  customerName: 'Cara Customer',
  customerEmail: 'cara@customer.example',
  customerEmailCC: ['books@customer.example'],
  dueDate: '2030-01-31',
  type: 'link',
  ...overrides,
});

/** POST .../payments: created and processed; answers the result (spec 2.3). */
export async function createPartnerPayment(
  t: TestApp,
  m: PartnerMerchant,
  overrides: Record<string, unknown> = {},
) {
  const res = await t.call({
    method: 'POST',
    url: `${m.base}/payments`,
    headers: m.headers,
    payload: partnerPaymentBody(m.bankAccountId, overrides),
  });
  assert.equal(res.statusCode, 200, res.body);
  return res.json().result;
}

/** A payment created in draft through the merchant API of the same company (group D only processes drafts). */
export async function draftPayment(t: TestApp, m: PartnerMerchant) {
  const res = await t.call({
    method: 'POST',
    url: '/merchant/v1/payments',
    headers: m.merchantHeaders,
    payload: { invoiceRefNumber: 'draft-1', amount: '12.00' },
  });
  assert.equal(res.statusCode, 200, res.body);
  return res.json().result;
}
