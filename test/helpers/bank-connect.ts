// Connecting bank accounts through the sandbox bank over real sockets: a partner whose webhooks go to a
// local receiver, a merchant customer at the sandbox bank, and the HTTP calls a partner would make.
import assert from 'node:assert/strict';
import type { TestContext } from 'node:test';
import { accountsUrl } from './bank-accounts.js';
import { tenant } from './fixtures.js';
import { buildListeningApp, type ListeningApp } from './listening-app.js';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.js';

export interface ConnectWorld {
  app: ListeningApp;
  receiver: WebhookReceiver;
  partner: Awaited<ReturnType<typeof tenant>>['partner'];
  companyId: string;
  /** The merchant as a customer of the sandbox bank, holding two accounts. */
  customer: {
    id: string;
    accounts: Array<{ id: string; name: string; sortCode: string; accountNumber: string }>;
  };
  /** A JSON call over HTTP to the listening app. */
  http(
    method: string,
    path: string,
    headers?: Record<string, string>,
    body?: unknown,
  ): Promise<{ status: number; json: any }>;
  approve(authorizationUrl: string): Promise<string>;
}

let numbers = 70_000_000;

export async function connectWorld(t: TestContext, env: Record<string, string> = {}): Promise<ConnectWorld> {
  const app = await buildListeningApp(t, env);
  const receiver = await startWebhookReceiver(t);
  const { partner, company } = await tenant(app);
  const http: ConnectWorld['http'] = async (method, path, headers = {}, body = undefined) => {
    const res = await fetch(`${app.baseUrl}${path}`, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return {
      status: res.status,
      json: text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text,
    };
  };
  const settings = await http('PUT', '/partner/v1/settings', partner.partnerHeaders, {
    webhookUrl: receiver.urlFor('/partner'),
  });
  assert.equal(settings.status, 200, JSON.stringify(settings.json));
  receiver.setSecret('/partner', settings.json.data.webhookSecret);

  numbers += 2;
  const made = await http(
    'POST',
    '/sandbox/v1/customers',
    {},
    {
      name: 'Acme Widgets Ltd',
      accounts: [
        { name: 'Acme current', sortCode: '401234', accountNumber: String(numbers), balance: '0.00' },
        { name: 'Acme reserve', sortCode: '401234', accountNumber: String(numbers + 1), balance: '500.00' },
      ],
    },
  );
  assert.equal(made.status, 201, JSON.stringify(made.json));
  return {
    app,
    receiver,
    partner,
    companyId: company.id,
    customer: made.json.data,
    http,
    async approve(authorizationUrl) {
      const res = await http(
        'POST',
        '/sandbox/v1/authorizations/approve',
        {},
        {
          authorizationUrl,
          customerId: made.json.data.id,
        },
      );
      assert.equal(res.status, 200, JSON.stringify(res.json));
      return res.json.redirectUrl as string;
    },
  };
}

/** Connect via app with a provider, approve at the bank, follow the bank's redirect: the result page. */
export async function connectViaApp(world: ConnectWorld): Promise<string> {
  const started = await world.http(
    'POST',
    accountsUrl(world.companyId, '/connect'),
    world.partner.terminalHeaders,
    {
      provider: 'ob-sandbox',
    },
  );
  assert.equal(started.status, 200, JSON.stringify(started.json));
  const back = await world.approve(started.json.data.authUri);
  assert.ok(back.startsWith(`${world.app.baseUrl}/public/v1/bank-accounts/return?`), back);
  const page = await fetch(back);
  const html = await page.text();
  assert.equal(page.status, 200, html);
  return html;
}
