// The README's "Five minutes with curl" as a collection: docs/walkthrough.http, for VS Code's REST Client
// (and editors that read its format). Written from the steps below by `node --import tsx
// scripts/walkthrough-http.ts`; test/walkthrough-http.test.ts checks that the file is this output, that
// every request is an operation of the OpenAPI document with a body its schema takes, and runs the steps
// against a service.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface WalkthroughStep {
  /** REST Client's request name: later steps read its answer as {{name.response.body.$.field}}. */
  name: string;
  title: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** After {{baseUrl}}; or a whole URL an earlier answer gave (then `operation` names it). */
  url: string;
  /** The documented operation when `url` is an earlier answer's URL: `METHOD /path`. */
  operation?: string;
  headers?: Record<string, string>;
  body?: unknown;
  /** File variables set before the request: the ones a person fills in from an earlier answer. */
  variables?: Record<string, { value: string; note: string }>;
}

const admin = { Authorization: 'Bearer {{adminToken}}' };
const terminal = {
  'terminal-id': '{{terminal.response.body.$.terminalId}}',
  'terminal-secret': '{{terminal.response.body.$.terminalSecret}}',
};
const merchant = {
  'integration-id': '{{integration.response.body.$.result.id}}',
  'secret-key': '{{integration.response.body.$.result.secretKey}}',
};
const company = '{{company.response.body.$.result.id}}';
const payment = '{{payment.response.body.$.result.id}}';

export const STEPS: WalkthroughStep[] = [
  {
    name: 'partner',
    title: '1. Issue a partner (its apisecret is shown once)',
    method: 'POST',
    url: '/admin/v1/partners',
    headers: admin,
    body: { name: 'Acme Payments' },
  },
  {
    name: 'terminal',
    title: '1. ... and a terminal for it',
    method: 'POST',
    url: '/admin/v1/partners/{{partner.response.body.$.id}}/terminals',
    headers: admin,
    body: { name: 'Back office' },
  },
  {
    name: 'company',
    title: "2. Add a company for the partner (the operator's way)",
    method: 'POST',
    url: '/admin/v1/partners/{{partner.response.body.$.id}}/companies',
    headers: admin,
    body: {
      name: 'Corner Shop Ltd',
      countryCode: 'GB',
      type: 'company',
      identifier: '12345678',
      publicEmail: 'owner@corner.example',
      supportPhone: '+44 20 7946 0000',
      contactName: 'Ada Owner',
      address: { addressLine1: '1 High Street', city: 'London', zipCode: 'E1 6AN' },
    },
  },
  {
    name: 'integration',
    title: '3. Create an integration for the company (its secretKey and webhookSecret are shown once)',
    method: 'POST',
    url: `/terminal/v1/companies/${company}/integrations`,
    headers: terminal,
    body: {
      name: 'Web shop',
      webhookUrl: 'https://shop.example/webhooks',
      redirectUrl: 'https://shop.example/thanks',
      servicePaymentPageRedirectEnabled: true,
      isRetryWebhookEnabled: true,
    },
  },
  {
    name: 'bankAccount',
    title: '4. Give the company a bank account (attached to the integration, which has none yet)',
    method: 'POST',
    url: `/terminal/v1/companies/${company}/bank-accounts`,
    headers: terminal,
    body: {
      sortCode: '040004',
      accountNumber: '12345678',
      name: 'Main account',
      provider: 'ob-sandbox',
      bankStatementAttachmentURL: 'https://files.example/statement.pdf',
    },
  },
  {
    name: 'payment',
    title: '4. ... then take a payment as the merchant (group A)',
    method: 'POST',
    url: '/merchant/v1/payments/process',
    headers: merchant,
    body: {
      invoiceRefNumber: 'INV-1001',
      amount: '25.50',
      customerName: 'Cara Customer',
      customerEmail: 'cara@customer.example',
      type: 'link',
    },
  },
  {
    name: 'initiate',
    title: '5. Pay it as the customer, without a browser: initiate at the sandbox bank',
    method: 'POST',
    url: '/public/v1/payments/initiate',
    variables: {
      paymentToken: {
        value: 'paste-the-token-after-p?=',
        note: 'the token after `p?=` in the link of the payment answered above',
      },
    },
    body: { type: 'payment', id: '{{paymentToken}}', externalId: 'ob-sandbox' },
  },
  {
    name: 'approve',
    title: '5. ... approve as the account holder would',
    method: 'POST',
    url: '/sandbox/v1/authorizations/approve',
    body: { authorizationUrl: '{{initiate.response.body.$.data.authorizationUrl}}' },
  },
  {
    name: 'return',
    title: '5. ... and come back from the bank (where the customer lands)',
    method: 'GET',
    url: '{{approve.response.body.$.redirectUrl}}',
    operation: 'GET /public/v1/return',
  },
  {
    name: 'paid',
    title: '5. The payment is paid',
    method: 'GET',
    url: `/merchant/v1/payments/${payment}`,
    headers: merchant,
  },
  {
    name: 'refund',
    title: '6. Refund part of it (refundLink is where the merchant authorises it at its own bank)',
    method: 'POST',
    url: `/merchant/v1/payments/${payment}/refund`,
    headers: merchant,
    body: { amount: '10.00' },
  },
  {
    name: 'ledger',
    title: "6. The sandbox bank's ledger: every penny accounted for",
    method: 'GET',
    url: '/sandbox/v1/accounts',
  },
];

export function walkthroughHttp(): string {
  const lines = [
    '# The README\'s "Five minutes with curl" as requests (VS Code REST Client format).',
    '# Generated by scripts/walkthrough-http.ts; test/walkthrough-http.test.ts keeps it in step with the',
    '# OpenAPI document. Start the service with `npm start` (SANDBOX=true) and set adminToken below.',
    '',
    '@baseUrl = http://localhost:8080',
    '@adminToken = paste-the-operator-token-from-the-log',
  ];
  for (const step of STEPS) {
    lines.push('', `### ${step.title}`);
    for (const [name, variable] of Object.entries(step.variables ?? {})) {
      lines.push(`# ${name}: ${variable.note}`, `@${name} = ${variable.value}`);
    }
    lines.push(`# @name ${step.name}`);
    const url = step.url.startsWith('/') ? `{{baseUrl}}${step.url}` : step.url;
    lines.push(`${step.method} ${url}`);
    for (const [name, value] of Object.entries(step.headers ?? {})) lines.push(`${name}: ${value}`);
    if (step.body !== undefined) {
      lines.push('Content-Type: application/json', '', JSON.stringify(step.body, null, 2));
    }
  }
  return `${lines.join('\n')}\n`;
}

export const WALKTHROUGH_FILE = fileURLToPath(new URL('../docs/walkthrough.http', import.meta.url));

if (process.argv[1] === fileURLToPath(import.meta.url)) writeFileSync(WALKTHROUGH_FILE, walkthroughHttp());
