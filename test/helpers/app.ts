// Builds a fresh app for one test on the database the run selects: SQLite in memory by default, or,
// when DATABASE_URL is postgres://..., an empty PostgreSQL schema of its own (schema-pool.ts).
import { randomBytes } from 'node:crypto';
import type { TestContext } from 'node:test';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { type Config, loadConfig } from '../../src/config.js';
import type { Deps } from '../../src/context.js';
import { type Clock, OffsetClock } from '../../src/domain/clock.js';
import { buildApp } from '../../src/server.js';
import { TEST_DATA_DIR } from './data-dir.js';
import { validateAgainstOpenApi } from './openapi-validator.js';
import { acquireSchema, noteMigrated, onDatabase, releaseSchema } from './schema-pool.js';
import { migratedSqliteStore } from './sqlite-image.js';

export const ADMIN_TOKEN = 'test-admin-token-0123456789';
export const ENGINE = (process.env.DATABASE_URL ?? '').startsWith('postgres') ? 'postgres' : 'sqlite';

export interface TestApp {
  app: FastifyInstance;
  deps: Deps;
  clock: OffsetClock;
  config: Config;
  routes: Array<{ method: string; url: string }>;
  /** Listens, with the sandbox bank's mutual-TLS port (buildListeningApp). */
  listen(at: { port: number; host: string }): Promise<void>;
  /** app.inject with the JSON body parsed. */
  call(options: InjectOptions): Promise<LightMyRequestResponse & { body: string; json: () => any }>;
}

// Each schema made and dropped leaves some 500 dead rows in the catalogs. Where autovacuum is off (as on
// the machines this suite runs on) they were never cleared: pg_attribute grew past 100 MB in a run,
// and building an app, whose migrations read and write the catalogs, went from 0.5 s to 1 s. A
// vacuum of them now and then keeps them small (it is a warning, not an error, without the right).
const VACUUM_EVERY = 20;
const BLOATED_CATALOGS = ['attribute', 'class', 'depend', 'type', 'constraint', 'index', 'trigger', 'attrdef']
  .map((name) => `pg_catalog.pg_${name}`)
  .join(', ');
let dropped = 0;

/** A fresh database URL for one test; the schema is dropped when the test ends. */
export async function testDatabaseUrl(t: TestContext): Promise<string> {
  const base = process.env.DATABASE_URL;
  if (!base?.startsWith('postgres')) return 'sqlite::memory:';
  const schema = `t_${randomBytes(6).toString('hex')}`;
  await onDatabase(base, (client) => client.query(`create schema ${schema}`));
  t.after(() =>
    onDatabase(base, async (client) => {
      await client.query(`drop schema ${schema} cascade`);
      dropped += 1;
      if (dropped % VACUUM_EVERY === 0) await client.query(`vacuum ${BLOATED_CATALOGS}`);
    }),
  );
  return schemaUrl(base, schema);
}

function schemaUrl(base: string, schema: string): string {
  const url = new URL(base);
  url.searchParams.set('schema', schema);
  return url.toString();
}

export async function buildTestApp(
  t: TestContext,
  env: Record<string, string> = {},
  options: {
    clock?: Clock;
    logStream?: { write(line: string): void };
    /** Defaults to true: every request and answer is checked against the OpenAPI document. */
    validateOpenApi?: boolean;
    /** Runs before the app is ready: a test's own hooks, to see where its requests are. */
    beforeReady?: (app: FastifyInstance) => void;
  } = {},
): Promise<TestApp> {
  const base = process.env.DATABASE_URL;
  const pooled = base?.startsWith('postgres') ? await acquireSchema(base) : undefined;
  const config = loadConfig({
    DATABASE_URL: pooled && base ? schemaUrl(base, pooled.schema) : 'sqlite::memory:',
    ADMIN_TOKEN,
    SANDBOX: 'true',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    PUBLIC_URL: 'http://localhost:8080',
    DATA_DIR: TEST_DATA_DIR,
    WORKERS: 'false',
    // Test runs share two cores with other suites: event-loop stalls are not overload here.
    MAX_EVENT_LOOP_DELAY_MS: '0',
    // Every inject comes from 127.0.0.1: security tests send dozens of wrong credentials on purpose.
    // test/http/core/failed-attempts.test.ts sets the real limits.
    AUTH_FAILURES_PER_MINUTE: '1000000',
    AUTH_FAILURES_PER_ID_PER_MINUTE: '1000000',
    ...env,
  });
  const clock = (options.clock as OffsetClock | undefined) ?? new OffsetClock();
  const store = config.databaseUrl === 'sqlite::memory:' ? await migratedSqliteStore(config) : undefined;
  const { app, deps, routes, listen } = await buildApp({
    config,
    clock,
    ...(store ? { store } : {}),
    ...(options.logStream ? { logStream: options.logStream } : {}),
  });
  t.after(async () => {
    const closing = app.close();
    // A browser whose own after-hook comes later may still hold a request in progress, which a graceful
    // close would wait on; a test has nothing to drain.
    app.server.closeAllConnections();
    await closing;
    await store?.close();
    if (pooled && base) await releaseSchema(base, pooled);
  });
  // OPENAPI_VALIDATION=off measures what the check costs; it is on in every run otherwise.
  if (options.validateOpenApi !== false && process.env.OPENAPI_VALIDATION !== 'off') {
    validateAgainstOpenApi(t, app, routes);
  }
  options.beforeReady?.(app);
  await app.ready();
  if (pooled && base) await noteMigrated(base, pooled);
  return {
    app,
    deps,
    clock,
    config,
    routes,
    listen,
    call: (opts) => app.inject(opts) as never,
  };
}
