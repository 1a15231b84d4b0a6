// The receiving end of the webhook benchmark, in its own process (as a merchant's server would be):
// checks every Standard Webhooks signature and measures each event's time from change to delivery.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const keyOf = (secret: string) => Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
// WEBHOOK_SECRET, or a {type: 'secret'} message when the secret is made after the receiver listens.
let key = keyOf(process.env.WEBHOOK_SECRET ?? '');
const latencies: number[] = [];
let received = 0;
let badSignatures = 0;
let first = 0;
let last = 0;

function signatureOk(id: string, timestamp: string, body: string, header: string): boolean {
  const expected = Buffer.from(
    `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`,
  );
  return header.split(' ').some((candidate) => {
    const given = Buffer.from(candidate);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const now = Date.now();
    const body = Buffer.concat(chunks).toString('utf8');
    const ok = signatureOk(
      String(request.headers['webhook-id']),
      String(request.headers['webhook-timestamp']),
      body,
      String(request.headers['webhook-signature']),
    );
    if (!ok) badSignatures++;
    received++;
    if (first === 0) first = now;
    last = now;
    // The webhooks benchmark stamps its events (recordedAt, ms); the service's own carry createdAt.
    const { recordedAt, createdAt } = JSON.parse(body) as { recordedAt?: number; createdAt?: string };
    const changedAt = recordedAt ?? (createdAt ? Date.parse(createdAt) : Number.NaN);
    if (Number.isFinite(changedAt)) latencies.push(now - changedAt);
    response.statusCode = 204;
    response.end();
  });
});
server.keepAliveTimeout = 10_000;

server.listen(0, '127.0.0.1', () => {
  process.send?.({ type: 'ready', port: (server.address() as AddressInfo).port });
});

process.on('message', (message: { type: string; secret?: string }) => {
  if (message.type === 'secret') {
    key = keyOf(message.secret ?? '');
  } else if (message.type === 'reset') {
    latencies.length = 0;
    received = 0;
    badSignatures = 0;
    first = 0;
    last = 0;
  } else if (message.type === 'report') {
    process.send?.({ type: 'report', received, badSignatures, first, last, latencies });
  } else if (message.type === 'stop') {
    server.close();
    process.exit(0);
  }
});
