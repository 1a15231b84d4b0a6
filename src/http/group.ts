// What every API group has in common: its credential, rate limit per credential, idempotency, the
// early resolution of a body's webhook host, and the Api-Version header (API.md 1).
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { Deps } from '../context.js';
import { useIdempotency } from './idempotency.js';
import { webhookHostResolvedEarly } from './webhook-host-early.js';

export const API_VERSIONS = {
  merchant: '1.1',
  bankAccounts: '1.0.2',
  integrations: '1.0',
  partner: '1.4',
} as const;

export interface GroupOptions {
  /** The group's credential plugin. */
  auth: (app: FastifyInstance, deps: Deps) => void;
  /** The Api-Version of the route a URL reaches. */
  apiVersion: (url: string) => string | undefined;
  /** A check of the caller's reach (e.g. the companyId in the path), run after validation. */
  scope?: preHandlerAsyncHookHandler;
  /** Defaults to true; the operator's own API is not limited. */
  rateLimited?: boolean;
}

export async function setUpGroup(app: FastifyInstance, deps: Deps, options: GroupOptions): Promise<void> {
  const { auth, apiVersion, scope } = options;
  auth(app, deps);
  if (options.rateLimited !== false) await limitPerCredential(app, deps);
  if (scope) app.addHook('preHandler', scope);
  // After the credential and its rate limit, before the handler's transaction (webhook-host-early.ts).
  app.addHook('preHandler', webhookHostResolvedEarly(deps));
  useIdempotency(app, deps);
  app.addHook('onSend', (request, reply, payload, done) => {
    const version = apiVersion(request.url);
    if (version) reply.header('api-version', version);
    done(null, payload);
  });
}

async function limitPerCredential(app: FastifyInstance, deps: Deps): Promise<void> {
  await app.register(rateLimit, {
    max: deps.config.rateLimitPerMinute,
    timeWindow: 60_000,
    hook: 'preHandler',
    keyGenerator: (request) => request.auth?.credential ?? request.ip,
    errorResponseBuilder: (_request, context) => {
      const error = new Error(`rate limit of ${context.max} requests a minute exceeded`) as Error & {
        statusCode: number;
      };
      error.statusCode = 429;
      return error;
    },
  });
}
