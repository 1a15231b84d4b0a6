// The README's merchant, terminal and partner flows written the way an integrating developer would:
// openapi-fetch on the generated types alone, no casts. test/client/typed-program.test.ts compiles it
// with `tsc --strict`; it runs against a service with `PB=... ADMIN_TOKEN=... node --import tsx <this>`.
import { randomUUID } from 'node:crypto';
import createClient from 'openapi-fetch';
import type { paths } from '../src/generated/openapi.js';

const baseUrl = process.env.PB ?? 'http://localhost:8080';
const adminToken = process.env.ADMIN_TOKEN ?? '';

const key = () => ({ 'Idempotency-Key': randomUUID() });

function fail(step: string, error: unknown): never {
  throw new Error(`${step}: ${JSON.stringify(error)}`);
}

// 1. The operator issues a partner and a terminal.
const admin = createClient<paths>({ baseUrl, headers: { authorization: `Bearer ${adminToken}` } });
const partnerCreated = await admin.POST('/admin/v1/partners', {
  params: { header: key() },
  body: { name: 'Acme Payments' },
});
if (partnerCreated.error) fail('partner', partnerCreated.error);
const { id: partnerId, apisecret } = partnerCreated.data;

const terminalCreated = await admin.POST('/admin/v1/partners/{partnerId}/terminals', {
  params: { path: { partnerId }, header: key() },
  body: { name: 'Back office' },
});
if (terminalCreated.error) fail('terminal', terminalCreated.error);
const { terminalId, terminalSecret } = terminalCreated.data;

// 2. The partner creates a company (group D), with a bank account and an integration.
const partner = createClient<paths>({ baseUrl, headers: { apisecret } });
const company = await partner.POST('/partner/v1/companies', {
  params: { header: key() },
  body: {
    name: 'Corner Shop Ltd',
    countryCode: 'GB',
    type: 'company',
    identifier: '12345678',
    publicEmail: 'owner@corner.example',
    supportPhone: '+44 20 7946 0000',
    contactName: 'Ada Owner',
    address: { addressLine1: '1 High Street', city: 'London', zipCode: 'E1 6AN' },
    sendEmail: false,
  },
});
if (company.error) fail('company', company.error);
const companyId = company.data.result.id;

// 3. The terminal creates the integration and a bank account (groups B and C).
const terminal = createClient<paths>({
  baseUrl,
  headers: { 'terminal-id': terminalId, 'terminal-secret': terminalSecret },
});
const integration = await terminal.POST('/terminal/v1/companies/{companyId}/integrations', {
  params: { path: { companyId }, header: key() },
  body: {
    name: 'Web shop',
    webhookUrl: 'https://shop.example/webhooks',
    redirectUrl: 'https://shop.example/thanks',
    servicePaymentPageRedirectEnabled: true,
    isRetryWebhookEnabled: true,
  },
});
if (integration.error) fail('integration', integration.error);
const { id: integrationId, secretKey } = integration.data.result;

const account = await terminal.POST('/terminal/v1/companies/{companyId}/bank-accounts', {
  params: { path: { companyId }, header: key() },
  body: {
    sortCode: '040004',
    accountNumber: '12345678',
    name: 'Main account',
    provider: 'ob-sandbox',
    bankStatementAttachmentURL: 'https://files.example/statement.pdf',
  },
});
if (account.error) fail('bank account', account.error);
const accounts = await terminal.GET('/terminal/v1/companies/{companyId}/bank-accounts', {
  params: { path: { companyId } },
});
if (accounts.error) fail('bank accounts', accounts.error);
console.log('bank accounts', accounts.data.data.totalDocs);

// 4. The merchant takes a payment (group A).
const merchant = createClient<paths>({
  baseUrl,
  headers: { 'integration-id': integrationId, 'secret-key': secretKey },
});
const created = await merchant.POST('/merchant/v1/payments/process', {
  params: { header: key() },
  body: {
    invoiceRefNumber: 'INV-1001',
    amount: '25.50',
    customerName: 'Cara Customer',
    customerEmail: 'cara@customer.example',
    type: 'link',
  },
});
if (created.error) fail('payment', created.error);
const payment = created.data.result;
const link = payment.link;
if (link === null) throw new Error('a processed payment has a link');

// 5. The customer pays: initiate at the sandbox bank.
const customer = createClient<paths>({ baseUrl });
const initiated = await customer.POST('/public/v1/payments/initiate', {
  body: { type: 'payment', id: link.slice(link.indexOf('?=') + 2), externalId: 'ob-sandbox' },
});
// Initiate's 401 is text/plain (spec part 7), so its error type includes string, and '' is falsy:
// check the data instead of the error.
if (initiated.data === undefined) fail('initiate', initiated.error);
console.log('open', initiated.data.data.authorizationUrl);

const got = await merchant.GET('/merchant/v1/payments/{id}', { params: { path: { id: payment.id } } });
if (got.error) fail('get payment', got.error);
console.log('status', got.data.result.status);

const listed = await merchant.GET('/merchant/v1/payments');
if (listed.error) fail('list payments', listed.error);
console.log('payments', listed.data.length);

// 6. A refund, once paid.
if (got.data.result.status === 'paid') {
  const refund = await merchant.POST('/merchant/v1/payments/{id}/refund', {
    params: { path: { id: payment.id }, header: key() },
    body: { amount: '10.00' },
  });
  if (refund.error) fail('refund', refund.error);
  console.log('refund link', refund.data.result.refundLink);
}

// The partner's view: its payments and transactions.
const partnerPayment = await partner.POST('/partner/v1/companies/{companyId}/payments', {
  params: { path: { companyId }, header: key() },
  body: { invoiceRefNumber: 'order-1', amount: '49.99', bankAccount: account.data.result.id },
});
if (partnerPayment.error) fail('partner payment', partnerPayment.error);
const payments = await partner.GET('/partner/v1/companies/{companyId}/payments', {
  params: { path: { companyId } },
});
if (payments.error) fail('partner payments', payments.error);
const transactions = await partner.GET('/partner/v1/companies/{companyId}/transactions', {
  params: { path: { companyId }, query: { filter: 'isSandbox', filterValue: 'false' } },
});
if (transactions.error) fail('transactions', transactions.error);
const statistics = await partner.GET('/partner/v1/companies/{companyId}/transactions/statistics', {
  params: { path: { companyId }, query: { dateFrom: '2026-06-01', dateTo: '2026-06-30' } },
});
if (statistics.error) fail('statistics', statistics.error);
console.log(payments.data.data.totalDocs, transactions.data.data.totalDocs, statistics.data.data);
