// Health, readiness, request ids and Prometheus metrics.
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { Counter, collectDefaultMetrics, Registry } from 'prom-client';
import type { Deps } from '../context.js';
import { DomainError } from '../domain/errors.js';
import { hashSecret, secretMatches } from '../domain/secrets.js';
import { guarded } from './auth/failed-attempts.js';
import { sendProblem } from './error-handler.js';
import { LatencyHistogram, type Observer } from './latency-histogram.js';
import { errors } from './schemas.js';

/** The value kept under `key`, made once. */
function kept<K, V>(map: Map<K, V>, key: K, make: () => V): V {
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
  // Counted here in plain numbers and handed to prom-client when it is read: its counters validate and
  // hash their labels on every inc, label-bound children included.
  type Labels = { method: string; route: string; status: number };
  interface RouteSeries {
    latency: Observer;
    statuses: Map<number, { labels: Labels; count: number }>;
  }
  // By route pattern, then method: strings made once, so that no request builds a key to look them up.
  const series = new Map<string, Map<string, RouteSeries>>();
  new Counter({
    name: 'paybank_http_requests_total',
    help: 'HTTP requests by route and status',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
    collect() {
      this.reset();
      for (const methods of series.values()) {
        for (const { statuses } of methods.values()) {
          for (const { labels, count } of statuses.values()) this.inc(labels, count);
        }
      }
    },
  });
  const latency = new LatencyHistogram(
    'paybank_http_request_duration_seconds',
    'HTTP request duration by route',
    [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  ).registerIn(registry);

  // Callback hooks, as every hook that awaits nothing: an async one costs each request a promise.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    const { method } = request;
    const route = request.routeOptions.url ?? 'unmatched';
    const status = reply.statusCode;
    const forRoute = kept(
      kept(series, route, () => new Map()),
      method,
      () => ({
        latency: latency.series({ method, route }),
        statuses: new Map(),
      }),
    );
    forRoute.latency.observe(reply.elapsedTime / 1000);
    kept(forRoute.statuses, status, () => ({ labels: { method, route, status }, count: 0 })).count++;
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
