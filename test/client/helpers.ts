// For the client's tests: a tenant set up through the client itself (operator, terminal, merchant and
// partner clients on one listening app), a proxy that misbehaves on cue, and a webhook catcher that
// keeps the raw bodies as they arrived.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestContext } from 'node:test';
import {
  createAdminClient,
  createMerchantClient,
  createPartnerClient,
  createTerminalClient,
} from '../../packages/client/src/index.js';
import { ADMIN_TOKEN } from '../helpers/app.js';

export function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

async function listen(t: TestContext, server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export interface CaughtWebhook {
  headers: Record<string, string>;
  raw: string;
}

/** Keeps every webhook with its headers and raw body, and answers 200. */
export async function startCatcher(t: TestContext): Promise<{ url: string; caught: CaughtWebhook[] }> {
  const caught: CaughtWebhook[] = [];
  const server = createServer(async (request, response) => {
    const raw = (await readBody(request)).toString('utf8');
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers)) headers[name] = String(value);
    caught.push({ headers, raw });
    response.end('ok');
  });
  return { url: `${await listen(t, server)}/webhooks`, caught };
}

export interface Seen {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
}

/**
 * A proxy to `target`. `misbehave(n, seen)` decides the fate of the n-th request (1-based): answer a
 * status with headers without forwarding, `drop` (forward, then cut the connection before answering:
 * the answer is lost on its way back), or `forward`.
 */
export type Fate = 'forward' | 'drop' | { status: number; headers?: Record<string, string> };

export async function startProxy(
  t: TestContext,
  target: string,
): Promise<{ url: string; seen: Seen[]; plan(fates: Fate[]): void }> {
  const seen: Seen[] = [];
  let fates: Fate[] = [];
  const server = createServer(async (request, response) => {
    const body = await readBody(request);
    const key = request.headers['idempotency-key'];
    seen.push({
      method: request.method ?? '',
      path: request.url ?? '',
      idempotencyKey: key ? String(key) : undefined,
    });
    const fate = fates.shift() ?? 'forward';
    if (typeof fate === 'object') {
      response.writeHead(fate.status, { 'content-type': 'application/problem+json', ...fate.headers });
      response.end(
        JSON.stringify({
          type: 'about:blank',
          title: 'Proxy',
          status: fate.status,
          code: 'internal',
          detail: 'proxy',
        }),
      );
      return;
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (name !== 'host' && name !== 'connection' && value !== undefined) headers.set(name, String(value));
    }
    const answer = await fetch(`${target}${request.url}`, {
      method: request.method ?? 'GET',
      headers,
      ...(body.length > 0 ? { body } : {}),
    });
    const text = await answer.text();
    if (fate === 'drop') {
      request.socket.destroy();
      return;
    }
    const out: Record<string, string> = {};
    answer.headers.forEach((value, name) => {
      if (name !== 'content-length' && name !== 'transfer-encoding' && name !== 'connection')
        out[name] = value;
    });
    response.writeHead(answer.status, out);
    response.end(text);
  });
  return {
    url: await listen(t, server),
    seen,
    plan(next) {
      fates = [...next];
    },
  };
}

export const COMPANY = {
  name: 'Corner Shop Ltd',
  countryCode: 'GB',
  identifier: '12345678',
  publicEmail: 'owner@corner.example',
  supportPhone: '+44 20 7946 0000',
  contactName: 'Ada Owner',
  address: { addressLine1: '1 High Street', city: 'London', zipCode: 'E1 6AN' },
};

/** README steps 1-4 through the client: partner, terminal, company, integration, bank account. */
export async function tenantThroughClient(baseUrl: string, webhookUrl: string) {
  const fast = { baseUrl, baseDelayMs: 10 };
  const admin = createAdminClient({ ...fast, adminToken: ADMIN_TOKEN });
  const partnerCreated = await admin.partners.create({ name: 'Acme Payments' });
  const terminalCreated = await admin.terminals.create(partnerCreated.id, 'Back office');
  const terminal = createTerminalClient({
    ...fast,
    terminalId: terminalCreated.terminalId,
    terminalSecret: terminalCreated.terminalSecret,
  });
  const company = await admin.companies.create(partnerCreated.id, {
    ...COMPANY,
    type: 'company',
    sendEmail: false,
  });
  const companyId = company.result.id;
  const integration = await terminal.integrations.create(companyId, {
    name: 'Web shop',
    webhookUrl,
    redirectUrl: 'https://shop.example/thanks',
    servicePaymentPageRedirectEnabled: false,
    isRetryWebhookEnabled: false,
  });
  const account = await terminal.bankAccounts.create(companyId, {
    sortCode: '040004',
    accountNumber: '12345678',
    name: 'Main account',
    provider: 'ob-sandbox',
    bankStatementAttachmentURL: 'https://files.example/statement.pdf',
  });
  const merchantOptions = {
    integrationId: integration.result.id,
    secretKey: integration.result.secretKey,
  };
  return {
    admin,
    terminal,
    partner: createPartnerClient({ ...fast, apiSecret: partnerCreated.apisecret }),
    merchant: createMerchantClient({ ...fast, ...merchantOptions }),
    merchantOptions,
    partnerId: partnerCreated.id,
    companyId,
    integrationId: integration.result.id,
    webhookSecret: integration.result.webhookSecret,
    bankAccountId: account.result.id,
  };
}
