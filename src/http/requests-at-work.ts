// A shutdown lets the requests still at work finish before the database closes. Fastify's close waits
// for connections, not for handlers: a request whose client has gone (a proxy's time-out, a load
// generator stopping) goes on running, and its next query met a closed pool ("Cannot use a pool after
// calling end on the pool", logged as an unhandled error, seen on SIGTERM under load).
// Counted from the first onRequest hook to onSend, which runs once the answer is ready even when its
// client has gone (onResponse then never runs).
import type { FastifyInstance } from 'fastify';

/** How long a close waits for requests at work before it goes on (serve.ts exits after 25 s). */
const DRAIN_MS = 10_000;

/** Registered before any other hook, so that every request counted is counted from its first hook. */
export function waitForRequestsAtWork(app: FastifyInstance, drainMs = DRAIN_MS): void {
  let atWork = 0;
  let drained: (() => void) | undefined;
  app.addHook('onRequest', (_request, _reply, done) => {
    atWork += 1;
    done();
  });
  app.addHook('onSend', (_request, _reply, payload, done) => {
    atWork -= 1;
    if (atWork <= 0) drained?.();
    done(null, payload);
  });
  // Before the server stops listening; requests arriving from now on are answered 503 without a hook.
  app.addHook('preClose', async () => {
    if (atWork <= 0) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(finish, drainMs);
      function finish() {
        clearTimeout(timer);
        drained = undefined;
        resolve();
      }
      drained = finish;
    });
    if (atWork > 0) app.log.warn({ requests: atWork }, 'closing with requests still at work');
  });
}
