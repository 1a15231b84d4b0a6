// A local HTTP receiver for webhooks: verifies every request with the `standardwebhooks` package (as a
// merchant's server would), checks it against the OpenAPI document's `webhooks` (a mismatch fails the
// test when it ends), records it, and answers what the test scripts.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestContext } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { webhookIssues } from './webhook-document.js';

export interface ReceivedWebhook {
  id: string;
  timestamp: number;
  body: any;
  path: string;
  /** Whether the signature verified with the secret registered for the path. */
  verified: boolean;
  receivedAt: number;
}

/** Decides the status for one request (default 200); may return a promise to answer late. */
export type Responder = (request: ReceivedWebhook, attempt: number) => number | Promise<number>;

export interface WebhookReceiver {
  url: string;
  /** A URL under this receiver whose requests are verified with `secret`. */
  urlFor(path: string): string;
  setSecret(path: string, secret: string): void;
  respond(responder: Responder): void;
  received: ReceivedWebhook[];
  /** Requests answered 2xx, by webhook-id. */
  acknowledged: Map<string, number>;
  /** Webhooks that disagree with the document (they fail the test unless it expects them). */
  mismatches: string[];
  /** For a test that posts what paybank would not: its mismatches do not fail the test. */
  expectMismatches(): void;
  /** Resolves once `count` requests have been answered 2xx. */
  waitForAcknowledged(count: number, timeoutMs?: number): Promise<void>;
  /** Connections open to the receiver now. */
  connections(): Promise<number>;
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

export async function startWebhookReceiver(t?: TestContext): Promise<WebhookReceiver> {
  const secrets = new Map<string, string>();
  const attempts = new Map<string, number>();
  const received: ReceivedWebhook[] = [];
  const acknowledged = new Map<string, number>();
  let responder: Responder = () => 200;
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  const mismatches: string[] = [];
  let mismatchesExpected = false;

  const server: Server = createServer(async (request, response) => {
    const raw = await readBody(request);
    const path = request.url ?? '/';
    const headers = {
      'webhook-id': String(request.headers['webhook-id'] ?? ''),
      'webhook-timestamp': String(request.headers['webhook-timestamp'] ?? ''),
      'webhook-signature': String(request.headers['webhook-signature'] ?? ''),
    };
    const secret = secrets.get(path);
    let verified = false;
    if (secret) {
      try {
        new Webhook(secret).verify(raw, headers);
        verified = true;
      } catch {
        verified = false;
      }
    }
    const webhook: ReceivedWebhook = {
      id: headers['webhook-id'],
      timestamp: Number(headers['webhook-timestamp']),
      body: raw ? JSON.parse(raw) : undefined,
      path,
      verified,
      receivedAt: Date.now(),
    };
    received.push(webhook);
    for (const issue of webhookIssues(headers, webhook.body)) mismatches.push(`${path}: ${issue}`);
    const attempt = (attempts.get(webhook.id) ?? 0) + 1;
    attempts.set(webhook.id, attempt);
    const status = await responder(webhook, attempt);
    if (response.destroyed) return;
    response.statusCode = status;
    response.end(status < 300 ? 'ok' : 'no');
    if (status >= 200 && status < 300) {
      acknowledged.set(webhook.id, (acknowledged.get(webhook.id) ?? 0) + 1);
      const total = [...acknowledged.values()].reduce((a, b) => a + b, 0);
      for (const waiter of waiters.filter((w) => total >= w.count)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const receiver: WebhookReceiver = {
    url: `${url}/hook`,
    urlFor: (path) => `${url}${path}`,
    setSecret: (path, secret) => secrets.set(path, secret),
    respond: (next) => {
      responder = next;
    },
    received,
    acknowledged,
    mismatches,
    expectMismatches: () => {
      mismatchesExpected = true;
    },
    waitForAcknowledged(count, timeoutMs = 20_000) {
      const total = [...acknowledged.values()].reduce((a, b) => a + b, 0);
      if (total >= count) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () =>
            reject(
              new Error(
                `only ${[...acknowledged.values()].reduce((a, b) => a + b, 0)} of ${count} webhooks acknowledged`,
              ),
            ),
          timeoutMs,
        );
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      });
    },
    connections: () =>
      new Promise<number>((resolve, reject) =>
        server.getConnections((err, count) => (err ? reject(err) : resolve(count))),
      ),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  t?.after(async () => {
    await receiver.close();
    if (mismatches.length > 0 && !mismatchesExpected) {
      throw new Error(`webhooks off the OpenAPI document:\n${[...new Set(mismatches)].join('\n')}`);
    }
  });
  return receiver;
}
