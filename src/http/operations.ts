// Health, readiness, request ids and Prometheus metrics.
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import type { Deps } from '../context.js';
import { DomainError } from '../domain/errors.js';
import { hashSecret, secretMatches } from '../domain/secrets.js';
import { guarded } from './auth/failed-attempts.js';
import { sendProblem } from './error-handler.js';
import { errors } from './schemas.js';

/** The value kept under `key`, made once. */
function kept<V>(map: Map<string, V>, key: string, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
}

export function registerOperations(app: FastifyInstance, deps: Deps): void {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'paybank_http_requests_total',
    help: 'HTTP requests by route and status',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'paybank_http_request_duration_seconds',
    help: 'HTTP request duration by route',
    labelNames: ['method', 'route'],
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });

  // Callback hooks, as every hook that awaits nothing: an async one costs each request a promise.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  // prom-client hashes a labels object on every call: the label-bound children are kept per route.
  const requestsOf = new Map<string, ReturnType<typeof requests.labels>>();
  const latencyOf = new Map<string, ReturnType<typeof latency.labels>>();
  app.addHook('onResponse', (request, reply, done) => {
    const { method } = request;
    const route = request.routeOptions.url ?? 'unmatched';
    const status = reply.statusCode;
    kept(latencyOf, `${method} ${route}`, () => latency.labels({ method, route })).observe(
      reply.elapsedTime / 1000,
    );
    kept(requestsOf, `${method} ${route} ${status}`, () => requests.labels({ method, route, status })).inc();
    done();
  });

  const Ok = Type.Object({ status: Type.Literal('ok') });
  app.get(
    '/health/live',
    { schema: { tags: ['operations'], summary: 'Liveness', response: { 200: Ok } } },
    async () => ({
      status: 'ok' as const,
    }),
  );
  app.get(
    '/health/ready',
    {
      schema: {
        tags: ['operations'],
        summary: 'Readiness (database)',
        response: { 200: Ok, ...errors(503) },
      },
    },
    async (request, reply) => {
      try {
        await sql`select 1`.execute(deps.db);
        return { status: 'ok' as const };
      } catch (err) {
        request.log.error({ err }, 'database not ready');
        return sendProblem(reply, request, 'service_unavailable', 'the database does not answer');
      }
    },
  );
  // Kept as a hash and compared in constant time, like every other credential.
  const metricsTokenHash = deps.config.metricsToken ? hashSecret(deps.config.metricsToken) : undefined;
  app.get(
    '/metrics',
    {
      schema: {
        tags: ['operations'],
        summary: 'Prometheus metrics (METRICS_TOKEN: bearer token required)',
        response: {
          200: { description: 'the metrics', content: { 'text/plain': { schema: Type.String() } } },
          ...errors(401, 429),
        },
      },
    },
    async (request, reply) => {
      if (metricsTokenHash) {
        const presented = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
        await guarded(deps, request, reply, 'metrics', async () => {
          if (!secretMatches(presented, metricsTokenHash)) {
            throw new DomainError('unauthorized', 'the metrics need the METRICS_TOKEN bearer token');
          }
        });
      }
      reply.type(registry.contentType);
      return registry.metrics();
    },
  );
}
