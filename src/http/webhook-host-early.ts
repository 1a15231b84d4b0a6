// A body's webhook URL is checked against DNS (webhook-url.ts) inside the service call, which for a
// write with an Idempotency-Key runs in the request's transaction. Resolving the host first, before
// that transaction opens, keeps a slow DNS answer from holding the database (on SQLite, its one writer).
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Deps } from '../context.js';
import { resolveWebhookHostEarly } from '../domain/webhooks/webhook-url.js';

export function webhookHostResolvedEarly(deps: Deps): preHandlerAsyncHookHandler {
  return async (request) => {
    const body = request.body;
    if (typeof body !== 'object' || body === null || !('webhookUrl' in body)) return;
    await resolveWebhookHostEarly(deps.config, body.webhookUrl);
  };
}
