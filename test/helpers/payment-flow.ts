// Helpers for the single-payment flows over real sockets: a merchant whose webhooks reach a local
// receiver, JSON calls to the listening app, and the customer's or merchant's trip to the sandbox bank
// through the sandbox controls (API.md 9.1), as a browser would make it.
import { randomBytes } from 'node:crypto';
import type { ListeningApp } from './listening-app.js';
import { type Merchant, merchant } from './merchant.js';
import type { WebhookReceiver } from './webhook-receiver.js';

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  json: () => any;
}

export async function http(
  app: Pick<ListeningApp, 'baseUrl'>,
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: unknown } = {},
): Promise<Answer> {
  const res = await fetch(path.startsWith('http') ? path : `${app.baseUrl}${path}`, {
    method,
    redirect: 'manual',
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...options.headers,
    },
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, json: () => JSON.parse(text) };
}

/** A merchant whose integration's webhooks go to `receiver` (verified with its secret). */
export async function merchantWithReceiver(
  app: ListeningApp,
  receiver: WebhookReceiver,
  integration: Record<string, unknown> = {},
): Promise<Merchant> {
  const path = `/m/${randomBytes(4).toString('hex')}`;
  const m = await merchant(app, { integration: { webhookUrl: receiver.urlFor(path), ...integration } });
  receiver.setSecret(path, m.webhookSecret);
  return m;
}

export const tokenOf = (link: string) => link.slice(link.indexOf('?=') + 2);

/**
 * Initiates a link at the sandbox bank, decides there as the account holder would, and follows the
 * bank's redirect back to the service. Answers the service's redirect (status and Location).
 */
export async function payAtSandbox(
  app: Pick<ListeningApp, 'baseUrl'>,
  type: 'payment' | 'refund',
  link: string,
  decision: 'approve' | 'reject' = 'approve',
  /** The sandbox customer who approves (API.md 9.1); default the default demo customer. */
  customerId?: string,
): Promise<{ status: number; location: string }> {
  const initiated = await http(app, 'POST', '/public/v1/payments/initiate', {
    body: { type, id: tokenOf(link), externalId: 'ob-sandbox' },
  });
  if (initiated.status !== 200) throw new Error(`initiate: ${initiated.status} ${initiated.text}`);
  const { authorizationUrl } = initiated.json().data;
  const decided = await http(app, 'POST', `/sandbox/v1/authorizations/${decision}`, {
    body: { authorizationUrl, ...(customerId ? { customerId } : {}) },
  });
  if (decided.status !== 200) throw new Error(`${decision}: ${decided.status} ${decided.text}`);
  const back = await http(app, 'GET', decided.json().redirectUrl);
  return { status: back.status, location: back.headers.get('location') ?? '' };
}

/** The sandbox bank's ledger: balance in pence by `<sort code> <account number>`. */
export async function ledger(app: ListeningApp): Promise<Map<string, number>> {
  const res = await http(app, 'GET', '/sandbox/v1/accounts');
  const accounts = res.json().data as Array<{ sortCode: string; accountNumber: string; balance: string }>;
  return new Map(
    accounts.map((a) => [`${a.sortCode} ${a.accountNumber}`, Math.round(Number(a.balance) * 100)]),
  );
}

/** The ledger key of the merchant's account. */
export async function merchantAccountKey(app: ListeningApp, m: Merchant): Promise<string> {
  const row = await app.deps.db
    .selectFrom('bank_accounts')
    .select(['sort_code', 'account_number'])
    .where('id', '=', m.bankAccountId)
    .executeTakeFirstOrThrow();
  return `${row.sort_code} ${row.account_number}`;
}

/** A payment created, processed and paid at the sandbox bank by the default demo customer. */
export async function paidPayment(
  app: ListeningApp,
  m: Merchant,
  body: Record<string, unknown> = {},
): Promise<{ id: string; link: string }> {
  const created = await http(app, 'POST', '/merchant/v1/payments/process', {
    headers: m.headers,
    body: { invoiceRefNumber: 'INV-2001', amount: '25.50', ...body },
  });
  if (created.status !== 200) throw new Error(`create: ${created.status} ${created.text}`);
  const { id, link } = created.json().result;
  await payAtSandbox(app, 'payment', link);
  return { id, link };
}

export async function statusOf(app: ListeningApp, m: Merchant, id: string): Promise<string> {
  return (await http(app, 'GET', `/merchant/v1/payments/${id}`, { headers: m.headers })).json().result.status;
}
