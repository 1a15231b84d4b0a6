// Builds the app from config: used by main.ts and by every test.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import underPressure from '@fastify/under-pressure';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import type { Deps } from './context.js';
import { type Clock, OffsetClock, systemClock } from './domain/clock.js';
import { createMailer } from './domain/mail/create-mailer.js';
import { loadClockOffset } from './domain/sandbox-clock.js';
import { LocalDiskFileStore } from './files/local-disk-file-store.js';
import { adminRoutes } from './http/admin/index.js';
import './http/deps.js';
import { registerErrorHandling } from './http/error-handler.js';
import { merchantRoutes } from './http/merchant/index.js';
import { registerOpenApi, securityFor } from './http/openapi.js';
import { registerOperations } from './http/operations.js';
import { partnerRoutes } from './http/partner/index.js';
import { publicRoutes } from './http/public/index.js';
import { sandboxRoutes } from './http/sandbox/index.js';
import { ProblemSchema } from './http/schemas.js';
import { terminalRoutes } from './http/terminal/index.js';
import { registerSerialization, registerValidation } from './http/validation.js';
import { bankConnectPages } from './pages/bank-connect/bank-connect-pages.js';
import { verificationPages } from './pages/verification/verification-page.js';
import { portalRoutes } from './portal/index.js';
import { createBankRegistry } from './providers/bank-registry.js';
import { sandboxBankOf, sandboxBankPlugin } from './providers/sandbox-bank/index.js';
import { openStore, type Store } from './store/database.js';
import { migrateToLatest } from './store/migrate.js';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

export interface BuildOptions {
  config: Config;
  store?: Store;
  clock?: Clock;
  /** Defaults to true: run the schema migrations before answering. */
  migrate?: boolean;
}

export interface App {
  app: FastifyInstance;
  deps: Deps;
  /** Every route registered, as method and URL pattern (the OpenAPI test checks each is documented). */
  routes: Array<{ method: string; url: string }>;
}

/** Schemas referenced by $id from route schemas (validation, serialisation and the document). */
const SHARED_SCHEMAS = [ProblemSchema];

export async function buildApp(options: BuildOptions): Promise<App> {
  const { config } = options;
  const store =
    options.store ?? openStore(config.databaseUrl, { sqliteSynchronous: config.sqliteSynchronous });
  if (options.migrate !== false) await migrateToLatest(store.db);

  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: [
        'req.headers.apisecret',
        'req.headers["secret-key"]',
        'req.headers["terminal-secret"]',
        'req.headers.authorization',
      ],
    },
    bodyLimit: config.maxBodyBytes,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    trustProxy: true,
    routerOptions: { ignoreTrailingSlash: true },
  });
  const deps: Deps = {
    config,
    store,
    db: store.db,
    engine: store.engine,
    // Only the sandbox clock can be moved (API.md 9.1).
    clock: options.clock ?? (config.sandbox ? new OffsetClock() : systemClock),
    log: app.log,
    // Through deps.clock, so that the banks follow the sandbox clock.
    banks: createBankRegistry(config, { db: store.db, clock: { now: () => deps.clock.now() }, log: app.log }),
    mailer: createMailer(config),
    files: new LocalDiskFileStore(config.filesDir),
  };
  app.decorate('deps', deps);
  if (config.sandbox) await loadClockOffset(deps);
  app.decorateRequest('auth', undefined);
  app.decorateRequest('company', undefined);
  app.decorateRequest('idempotency', undefined);
  const routes: App['routes'] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
    const security = securityFor(route.url);
    if (security && route.schema) route.schema = { ...route.schema, security } as typeof route.schema;
  });

  for (const schema of SHARED_SCHEMAS) app.addSchema(schema);
  registerValidation(app, SHARED_SCHEMAS);
  registerSerialization(app, SHARED_SCHEMAS);
  registerErrorHandling(app);
  await app.register(helmet, { global: true });
  if (config.maxEventLoopDelayMs > 0) {
    await app.register(underPressure, {
      maxEventLoopDelay: config.maxEventLoopDelayMs,
      exposeStatusRoute: false,
    });
  }
  // The API speaks JSON (and forms for the hosted pages): a text/plain body is a 415, not a string.
  app.removeContentTypeParser('text/plain');
  await app.register(formbody);
  await registerOpenApi(app, pkg.version);
  registerOperations(app, deps);

  await app.register(adminRoutes, { prefix: '/admin/v1' });
  await app.register(merchantRoutes, { prefix: '/merchant/v1' });
  await app.register(terminalRoutes, { prefix: '/terminal/v1' });
  await app.register(partnerRoutes, { prefix: '/partner/v1' });
  if (config.sandbox) await app.register(sandboxRoutes, { prefix: '/sandbox/v1' });
  if (config.sandbox)
    await app.register(sandboxBankPlugin, { prefix: '/sandbox-bank', bank: sandboxBankOf(deps) });
  await app.register(verificationPages);
  await app.register(bankConnectPages);
  await app.register(publicRoutes);
  await app.register(portalRoutes, { prefix: '/portal' });

  app.addHook('onClose', () => deps.mailer.close());
  app.addHook('onClose', () => deps.banks.close());
  app.addHook('onClose', async () => {
    if (!options.store) await store.close();
  });
  return { app, deps, routes };
}
