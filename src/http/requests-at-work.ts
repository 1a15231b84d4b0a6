// A shutdown lets the requests still at work finish before the database closes. Fastify's close waits
// for connections, not for handlers: a request whose client has gone (a proxy's time-out, a load
// generator stopping) goes on running, and its next query met a closed pool ("Cannot use a pool after
// calling end on the pool", logged as an unhandled error, seen on SIGTERM under load).
// A request is at work from the first onRequest hook to its onSend, which runs once its answer is ready
// even when its client has gone (onResponse then never runs). A streamed answer (the portal's CSV) is
// held by its connection, which the server's close waits for.
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * How long a close waits for requests at work before it goes on. serve.ts exits 25 s after the signal,
 * which first lets the workers' deliveries end (up to 10 s).
 */
const DRAIN_MS = 10_000;

declare module 'fastify' {
  interface FastifyReply {
    /** Counted among the requests at work, and not yet uncounted. */
    atWork: boolean;
  }
}

/** Registered before any other hook, so that every request counted is counted from its first hook. */
export function waitForRequestsAtWork(app: FastifyInstance, drainMs = DRAIN_MS): void {
  let atWork = 0;
  let drained: (() => void) | undefined;
  // Once per request, however many times a hook runs: onSend runs again for the error answer when a later
  // onSend hook throws.
  const done = (reply: FastifyReply) => {
    if (!reply.atWork) return;
    reply.atWork = false;
    atWork -= 1;
    if (atWork === 0) drained?.();
  };
  app.decorateReply('atWork', false);
  app.addHook('onRequest', (_request, reply, next) => {
    reply.atWork = true;
    atWork += 1;
    next();
  });
  // A body whose client left before sending it all is never read to its end: such a request goes no
  // further (no handler, no onSend), and would otherwise stay counted for the life of the process.
  app.addHook('preParsing', (request, reply, payload, next) => {
    if (request.raw.destroyed && !request.raw.complete) done(reply);
    next(null, payload);
  });
  app.addHook('onSend', (_request, reply, payload, next) => {
    done(reply);
    next(null, payload);
  });
  // After Fastify has begun answering new requests 503 (without any hook), before the server stops
  // listening and the onClose hooks close the database.
  app.addHook('preClose', async () => {
    if (atWork === 0) return;
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
