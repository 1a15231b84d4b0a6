// A shutdown lets the requests still at work finish before the database closes. Fastify's close waits
// for connections, not for handlers: a request whose client has gone (a proxy's time-out, a load
// generator stopping) goes on running, and its next query met a closed pool ("Cannot use a pool after
// calling end on the pool", logged as an unhandled error, seen on SIGTERM under PostgreSQL creates).
// A request is at work from its first onRequest hook to its onSend, which runs once its answer is ready
// even when its client has gone (onResponse then never runs). A streamed answer (the portal's CSV) is
// held by its connection, which the server's close waits for.
import type { FastifyInstance, FastifyReply } from 'fastify';

declare module 'fastify' {
  interface FastifyReply {
    /** Counted among the requests at work, and not yet uncounted. */
    atWork: boolean;
  }
}

export interface RequestsAtWork {
  /** How many requests are between their first hook and their answer. */
  readonly count: number;
  /** Resolves once none is at work, or after `ms`, whichever comes first. */
  drained(ms: number): Promise<void>;
}

/** The client left before its request was read: nothing was done, and no one can be answered. */
class ClientGone extends Error {
  readonly code = 'CLIENT_GONE';
  readonly statusCode = 400;
  constructor() {
    super('the client closed the connection before its request was read');
  }
}

/** Registered before any other hook, so that every request counted is counted from its first hook. */
export function countRequestsAtWork(app: FastifyInstance): RequestsAtWork {
  let count = 0;
  let onDrained: (() => void) | undefined;
  // Once per request, however many times a hook runs: onSend runs again for the error answer when a
  // later onSend hook throws.
  const done = (reply: FastifyReply) => {
    if (!reply.atWork) return;
    reply.atWork = false;
    count -= 1;
    if (count === 0) onDrained?.();
  };
  app.decorateReply('atWork', false);
  app.addHook('onRequest', (_request, reply, next) => {
    reply.atWork = true;
    count += 1;
    next();
  });
  // A client gone before its body is read (during an async onRequest hook, say) is never read to its end
  // (Fastify waits on it for ever), so such a request goes no further: it ends here, as an error whose
  // answer goes nowhere, and passes onSend like any other.
  app.addHook('preParsing', (request, _reply, payload, next) => {
    if (request.raw.destroyed) return next(new ClientGone());
    next(null, payload);
  });
  // The server's close waits for every connection to end, and Node keeps a connection alive after its
  // answer (for Fastify's 72 s): an answer sent once the close has begun ends its connection instead.
  let closing = false;
  app.addHook('preClose', (next) => {
    closing = true;
    next();
  });
  app.addHook('onSend', (_request, reply, payload, next) => {
    if (closing) reply.header('connection', 'close');
    done(reply);
    next(null, payload);
  });
  return {
    get count() {
      return count;
    },
    drained(ms) {
      if (count === 0) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const timer = setTimeout(finish, ms);
        function finish() {
          clearTimeout(timer);
          onDrained = undefined;
          resolve();
        }
        onDrained = finish;
      });
    },
  };
}

/**
 * Registered after the hooks that close the database: onClose hooks run last-registered first (after the
 * server has stopped listening and its connections have ended), so this one waits before they run.
 * Bounded by `ms`: nothing else bounds an onClose hook.
 */
export function drainOnClose(app: FastifyInstance, atWork: RequestsAtWork, ms: number): void {
  app.addHook('onClose', async () => {
    await atWork.drained(ms);
    if (atWork.count > 0) app.log.warn({ requests: atWork.count }, 'closing with requests still at work');
  });
}
