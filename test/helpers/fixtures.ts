// Test fixtures made through the public API, as a real operator and partner would make them.
import assert from 'node:assert/strict';
import { ADMIN_TOKEN, type TestApp } from './app.js';

export const adminHeaders = { authorization: `Bearer ${ADMIN_TOKEN}` };

export const companyBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Acme Widgets Ltd',
  countryCode: 'GB',
  type: 'company',
  identifier: '12345678',
  publicEmail: 'owner@acme.example',
  supportPhone: '+44 20 7946 0000',
  contactName: 'Ada Owner',
  address: { addressLine1: '1 High Street', city: 'London', zipCode: 'E1 6AN', country: 'GB' },
  ...overrides,
});

export interface Partner {
  id: string;
  apisecret: string;
  terminalHeaders: Record<string, string>;
  partnerHeaders: Record<string, string>;
}

export async function createPartner(t: TestApp, name = 'Partner One'): Promise<Partner> {
  const created = await t.call({
    method: 'POST',
    url: '/admin/v1/partners',
    headers: adminHeaders,
    payload: { name },
  });
  assert.equal(created.statusCode, 201, created.body);
  const partner = created.json();
  const terminal = await t.call({
    method: 'POST',
    url: `/admin/v1/partners/${partner.id}/terminals`,
    headers: adminHeaders,
    payload: { name: 'Terminal' },
  });
  assert.equal(terminal.statusCode, 201, terminal.body);
  const { terminalId, terminalSecret } = terminal.json();
  return {
    id: partner.id,
    apisecret: partner.apisecret,
    terminalHeaders: { 'terminal-id': terminalId, 'terminal-secret': terminalSecret },
    partnerHeaders: { apisecret: partner.apisecret },
  };
}

export async function createCompany(
  t: TestApp,
  partner: Partner,
  overrides: Record<string, unknown> = {},
): Promise<{ id: string; status: string }> {
  const res = await t.call({
    method: 'POST',
    url: `/admin/v1/partners/${partner.id}/companies`,
    headers: adminHeaders,
    payload: companyBody(overrides),
  });
  assert.equal(res.statusCode, 201, res.body);
  return res.json().result;
}

export const integrationBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Web shop',
  webhookUrl: 'https://shop.example/webhooks/paybank',
  redirectUrl: 'https://shop.example/paid',
  servicePaymentPageRedirectEnabled: true,
  ...overrides,
});

export async function createIntegration(
  t: TestApp,
  partner: Partner,
  companyId: string,
  overrides: Record<string, unknown> = {},
): Promise<{
  id: string;
  secretKey: string;
  webhookSecret: string;
  merchantHeaders: Record<string, string>;
}> {
  const res = await t.call({
    method: 'POST',
    url: `/terminal/v1/companies/${companyId}/integrations`,
    headers: partner.terminalHeaders,
    payload: integrationBody(overrides),
  });
  assert.equal(res.statusCode, 201, res.body);
  const result = res.json().result;
  return { ...result, merchantHeaders: { 'integration-id': result.id, 'secret-key': result.secretKey } };
}

/** A partner with a terminal and one active company: the usual starting point. */
export async function tenant(t: TestApp, name = 'Partner One') {
  const partner = await createPartner(t, name);
  const company = await createCompany(t, partner);
  return { partner, company };
}
