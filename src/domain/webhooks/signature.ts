// Standard Webhooks v1 signing: `v1,<base64 HMAC-SHA256(key, "<id>.<timestamp>.<body>")>`, where the
// key is the base64 part of the `whsec_...` secret.
import { createHmac } from 'node:crypto';

const PREFIX = 'whsec_';

function keyOf(secret: string): Buffer {
  return Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
}

export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const mac = createHmac('sha256', keyOf(secret))
    .update(`${id}.${timestampSeconds}.${body}`)
    .digest('base64');
  return `v1,${mac}`;
}

/**
 * The three Standard Webhooks headers of one attempt. Several secrets (a rotation under way) give
 * several space-separated signatures; a receiver accepts the message if any one verifies.
 */
export function webhookHeaders(
  secrets: readonly string[],
  id: string,
  timestampSeconds: number,
  body: string,
) {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': secrets.map((secret) => signWebhook(secret, id, timestampSeconds, body)).join(' '),
  };
}
