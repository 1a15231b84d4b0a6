// A minimal web shop taking pay-by-bank payments through @paybank/client: an order creates a payment
// (its id as the Idempotency-Key, so a double click pays once), the customer pays on paybank's page,
// and the order is marked paid by the verified webhook, never by the query the customer comes back with.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createMerchantClient, PaybankError, verifyWebhook, WebhookVerificationError } from '@paybank/client';
import { Orders } from './orders.js';
import { orderPage, productPage } from './pages.js';

export interface ShopOptions {
  /** paybank's base URL. */
  paybankUrl: string;
  integrationId: string;
  secretKey: string;
  /** The integration's webhook secret (both, while it is being rotated). */
  webhookSecret: string | string[];
  /** Where the shop is reached: the customer comes back to `<publicUrl>/orders/<id>`. */
  publicUrl: string;
}

const ITEM = 'Tea caddy';
const PRICE = '12.50';

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function send(
  response: ServerResponse,
  status: number,
  body: string,
  type = 'text/html; charset=utf-8',
): void {
  response.writeHead(status, { 'content-type': type });
  response.end(body);
}

export function createShop(options: ShopOptions) {
  const paybank = createMerchantClient({
    baseUrl: options.paybankUrl,
    integrationId: options.integrationId,
    secretKey: options.secretKey,
  });
  const orders = new Orders();
  /** webhook-ids handled: deliveries are at least once. */
  const seen = new Set<string>();
  const webhooks = { verified: 0, refused: 0 };

  async function checkout(response: ServerResponse): Promise<void> {
    const order = orders.create(ITEM, PRICE);
    const { result } = await paybank.payments.createAndProcess(
      {
        invoiceRefNumber: order.reference,
        amount: order.amount,
        customRedirectUrl: `${options.publicUrl}/orders/${order.id}`,
        type: 'link',
      },
      { idempotencyKey: `order-${order.reference}` },
    );
    order.paymentId = result.id;
    if (!result.link) throw new Error('a processed payment has a link');
    response.writeHead(303, { location: result.link });
    response.end();
  }

  async function webhook(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const raw = await readBody(request);
    let event: ReturnType<typeof verifyWebhook>;
    try {
      event = verifyWebhook(options.webhookSecret, request.headers, raw);
    } catch (error) {
      if (!(error instanceof WebhookVerificationError)) throw error;
      webhooks.refused++;
      send(response, 400, 'signature does not verify', 'text/plain');
      return;
    }
    webhooks.verified++;
    if (!seen.has(event.id) && event.type === 'payment.status_updated') {
      const order = orders.byPayment(event.payload.data.id);
      const status = event.payload.data.status;
      if (order && status === 'paid') order.status = 'paid';
      if (order && (status === 'rejected' || status === 'cancelled')) order.status = 'payment failed';
    }
    seen.add(event.id);
    send(response, 200, 'ok', 'text/plain');
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', options.publicUrl);
    const orderMatch = /^\/orders\/(\d+)$/.exec(url.pathname);
    if (request.method === 'GET' && url.pathname === '/')
      return send(response, 200, productPage(ITEM, PRICE));
    if (request.method === 'POST' && url.pathname === '/orders') return checkout(response);
    if (request.method === 'POST' && url.pathname === '/webhooks') return webhook(request, response);
    if (request.method === 'GET' && orderMatch) {
      const order = orders.get(Number(orderMatch[1]));
      return order
        ? send(response, 200, orderPage(order))
        : send(response, 404, 'no such order', 'text/plain');
    }
    send(response, 404, 'not found', 'text/plain');
  }

  return {
    orders,
    webhooks,
    /** The node:http request listener. */
    listener(request: IncomingMessage, response: ServerResponse): void {
      handle(request, response).catch((error: unknown) => {
        const detail =
          error instanceof PaybankError ? `${error.code}: ${error.problem.detail}` : String(error);
        if (!response.headersSent) send(response, 502, `paybank: ${detail}`, 'text/plain');
        else response.end();
      });
    },
  };
}
