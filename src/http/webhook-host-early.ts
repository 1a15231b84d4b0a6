// A body's webhook URL is checked against DNS (webhook-url.ts) inside the service call, which for a
// write with an Idempotency-Key runs in the request's transaction. Resolving the host first, before
// that transaction opens, keeps a slow DNS answer from holding the database (on SQLite, its one writer).
// Every API group runs it (group.ts) on any body with a `webhookUrl`, so a new route cannot miss it.
import type { preHandlerHookHandler } from 'fastify';
import type { Deps } from '../context.js';
import { resolveWebhookHostEarly } from '../domain/webhooks/webhook-url.js';

/** A callback hook, not an async one: on every other request of the group (gets included) it costs nothing. */
export function webhookHostResolvedEarly(deps: Deps): preHandlerHookHandler {
  return (request, _reply, done) => {
    const body = request.body;
    if (typeof body !== 'object' || body === null || !('webhookUrl' in body)) return done();
    // Whatever the lookup gives, the handler goes on: a failure is the later check's to report.
    void resolveWebhookHostEarly(deps.config, body.webhookUrl).then(
      () => done(),
      () => done(),
    );
  };
}
