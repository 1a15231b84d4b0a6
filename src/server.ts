// Builds the app from config: used by main.ts and by every test.

import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import formbody from '@fastify/formbody';
import underPressure from '@fastify/under-pressure';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import type { Deps } from './context.js';
import { type Clock, OffsetClock, systemClock } from './domain/clock.js';
import { createMailer } from './domain/mail/create-mailer.js';
import { loadClockOffset } from './domain/sandbox-clock.js';
import { sealStoredWebhookSecrets } from './domain/webhooks/webhook-secrets.js';
import { LocalDiskFileStore } from './files/local-disk-file-store.js';
import { adminRoutes } from './http/admin/index.js';
import { sealStoredGrants } from './providers/open-banking/grant.repository.js';
import './http/deps.js';
import { BANK_RETURN_PATH } from './domain/bank-accounts/bank-connection.service.js';
import { RETURN_PATH } from './domain/payments/initiation.service.js';
import { limitLinkGuessing } from './http/auth/failed-attempts.js';
import { clientErrorHandler, frameworkErrors, registerErrorHandling } from './http/error-handler.js';
import { registerJsonParser } from './http/json-body.js';
import { refuseUndeclaredBodies } from './http/media-types.js';
import { merchantRoutes } from './http/merchant/index.js';
import { registerOpenApi, securityFor } from './http/openapi.js';
import { registerOperations } from './http/operations.js';
import { partnerRoutes } from './http/partner/index.js';
import { namePluginsOnRegister } from './http/plugin-names.js';
import { publicRoutes } from './http/public/index.js';
import { OneLinePerRequest } from './http/request-log.js';
import { countRequestsAtWork, drainOnClose } from './http/requests-at-work.js';
import { sandboxRoutes } from './http/sandbox/index.js';
import { ProblemSchema } from './http/schemas.js';
import { useSecurityHeaders } from './http/security-headers.js';
import { terminalRoutes } from './http/terminal/index.js';
import { registerSerialization, registerValidation } from './http/validation.js';
import { loggerOptions } from './log-options.js';
import { stdoutLines } from './log-stream.js';
import { bankConnectPages } from './pages/bank-connect/bank-connect-pages.js';
import { faviconRoutes } from './pages/favicon/favicon.js';
import { verificationPages } from './pages/verification/verification-page.js';
import { portalRoutes } from './portal/index.js';
import { createBankRegistry } from './providers/bank-registry.js';
import { isCustomerRequest, withCustomerPresent } from './providers/customer-presence.js';
import { sandboxBankOf, sandboxBankPlugin, sandboxPki } from './providers/sandbox-bank/index.js';
import { buildSandboxBankMtls } from './providers/sandbox-bank/mtls-server.js';
import { registerAtSandboxBank } from './providers/sandbox-bank/self-registration.js';
import { loadSecretBox } from './secrets-key.js';
import { openStore, type Store } from './store/database.js';
import { migrateToLatest } from './store/migrate.js';
import { ambientTransaction } from './store/transaction.js';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

export interface BuildOptions {
  config: Config;
  store?: Store;
  clock?: Clock;
  /** Defaults to true: run the schema migrations before answering. */
  migrate?: boolean;
  /** Where the log goes (default stdout); tests read it. */
  logStream?: { write(line: string): void };
}

export interface App {
  app: FastifyInstance;
  deps: Deps;
  /** Every route registered, as method and URL pattern (the OpenAPI test checks each is documented). */
  routes: Array<{ method: string; url: string }>;
  /** Listens on the port and host, and, with SANDBOX, the sandbox bank on its mutual-TLS port. */
  listen(at: { port: number; host: string }): Promise<void>;
}

/** Schemas referenced by $id from route schemas (validation, serialisation and the document). */
const SHARED_SCHEMAS = [ProblemSchema];

/**
 * How long a close waits for requests whose client has gone to finish before the database closes: well
 * within serve.ts's exit 25 s after the signal, whose first 10 s may go to the workers' deliveries.
 */
const DRAIN_MS = 5_000;

/**
 * Fastify reads a bare hop count as "trust nothing"; a hop count here means the nearest `hops` addresses
 * (the socket's, then those the proxies appended) are proxies, as proxy-addr counts them.
 */
function trustProxyOf(
  trust: Config['trustProxy'],
): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

/** Whether the service is reached over https: only then HSTS and upgrade-insecure-requests. */
const overHttps = (config: Config) => new URL(config.publicUrl).protocol === 'https:';

export async function buildApp(options: BuildOptions): Promise<App> {
  const { config } = options;
  // The app's logger is made after the store, which must be migrated first.
  let log: FastifyBaseLogger | undefined;
  const store =
    options.store ??
    openStore(config.databaseUrl, {
      sqliteSynchronous: config.sqliteSynchronous,
      sqliteGroupCommit: config.sqliteGroupCommit,
      // Seen, so that a database that keeps ending connections is noticed.
      onConnectionError: (err) =>
        log?.warn({ reason: err.message }, 'the database ended a connection; the pool opens another'),
    });
  if (options.migrate !== false) await migrateToLatest(store.db);
  const secrets = loadSecretBox(config);
  // Secrets stored in clear by an older version, or under a rotated-out key, are sealed anew.
  await sealStoredWebhookSecrets(store.db, secrets);
  await sealStoredGrants(store.db, secrets);

  const app = Fastify({
    logger: {
      ...loggerOptions(config.logLevel),
      // One write per turn of the event loop, from its thread (log-stream.ts).
      stream: options.logStream ?? stdoutLines(),
    },
    // One line per request instead of Fastify's two (http/request-log.ts).
    logController: new OneLinePerRequest(),
    bodyLimit: config.maxBodyBytes,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    // Off unless configured: believing any X-Forwarded-For let a client pick its own address for every limit.
    trustProxy: trustProxyOf(config.trustProxy),
    routerOptions: { ignoreTrailingSlash: true },
    // Errors found before a route runs are problem+json like every other (API.md 1.1).
    frameworkErrors,
    clientErrorHandler,
  });
  log = app.log;
  namePluginsOnRegister(app);
  // First of the hooks, so that a request is counted from its first hook (http/requests-at-work.ts).
  const atWork = countRequestsAtWork(app);
  // The sandbox's test PKI holds paybank's keys at the sandbox bank (API.md 10.3): made before the banks load.
  const pki = config.sandbox ? await sandboxPki(config.dataDir) : undefined;
  const banks = await createBankRegistry(config, {
    db: store.db,
    secrets,
    // Through deps.clock, so that the banks follow the sandbox clock.
    clock: { now: () => deps.clock.now() },
    log: app.log,
  });
  const deps: Deps = {
    config,
    store,
    // An idempotent write runs in one transaction (http/idempotency.ts): inside it, deps.db is that one.
    get db() {
      return ambientTransaction() ?? store.db;
    },
    engine: store.engine,
    // Only the sandbox clock can be moved (API.md 9.1).
    clock: options.clock ?? (config.sandbox ? new OffsetClock() : systemClock),
    log: app.log,
    banks,
    mailer: createMailer(config),
    files: new LocalDiskFileStore(config.filesDir),
    secrets,
  };
  app.decorate('deps', deps);
  if (config.sandbox) await loadClockOffset(deps);
  app.decorateRequest('auth', undefined);
  app.decorateRequest('company', undefined);
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
  useSecurityHeaders(app, overHttps(config));
  if (config.maxEventLoopDelayMs > 0) {
    await app.register(underPressure, {
      maxEventLoopDelay: config.maxEventLoopDelayMs,
      exposeStatusRoute: false,
    });
  }
  // The API speaks JSON (and forms for the hosted pages): a text/plain body is a 415, not a string.
  app.removeContentTypeParser('text/plain');
  registerJsonParser(app);
  await app.register(formbody);
  refuseUndeclaredBodies(app);
  await registerOpenApi(app, pkg.version, config.publicUrl, overHttps(config));
  registerOperations(app, deps);

  await app.register(adminRoutes, { prefix: '/admin/v1' });
  await app.register(merchantRoutes, { prefix: '/merchant/v1' });
  await app.register(terminalRoutes, { prefix: '/terminal/v1' });
  await app.register(partnerRoutes, { prefix: '/partner/v1' });
  if (config.sandbox) await app.register(sandboxRoutes, { prefix: '/sandbox/v1' });
  const bankServer = pki
    ? await buildSandboxBankMtls(sandboxBankOf(deps), pki, app.log.child({ server: 'sandbox-bank' }))
    : undefined;
  if (config.sandbox)
    await app.register(sandboxBankPlugin, { prefix: '/sandbox-bank', bank: sandboxBankOf(deps) });
  // Outside the public group's rate limit: every page view fetches it.
  await app.register(faviconRoutes);
  // The customer's browser waits on these: bank calls made for them are customer-present (API.md 10.2).
  // A preHandler (after the body is read), so that the handler runs inside the context.
  app.addHook('preHandler', (request, _reply, done) => {
    if (!isCustomerRequest(request.url)) return done();
    const userAgent = request.headers['user-agent'];
    withCustomerPresent({ ipAddress: request.ip, userAgent, since: deps.clock.now() }, done);
  });
  // Everything reached by a link token: an unknown token counts as a failed guess of the address.
  await app.register(async (links) => {
    limitLinkGuessing(links, deps);
    await links.register(verificationPages);
    await links.register(bankConnectPages);
    await links.register(publicRoutes);
  });
  await app.register(portalRoutes, { prefix: '/portal' });

  app.addHook('onClose', () => deps.mailer.close());
  app.addHook('onClose', () => deps.banks.close());
  app.addHook('onClose', async () => {
    if (!options.store) await store.close();
  });
  // The sandbox bank answers from the same database: it stops before the database closes, and after the
  // requests still at work, which may call it.
  app.addHook('onClose', async () => bankServer?.close());
  // Last registered, so first to run: the requests still at work finish before the database closes.
  drainOnClose(app, atWork, DRAIN_MS);
  const listen = async (at: { port: number; host: string }) => {
    // The bank first, and paybank registered at it, before any customer can reach the service.
    if (bankServer) {
      await bankServer.listen({ port: config.sandboxBankMtlsPort, host: at.host });
      await registerAtSandboxBank(
        deps,
        [`${config.publicUrl}${RETURN_PATH}`, `${config.publicUrl}${BANK_RETURN_PATH}`],
        `${sandboxBankOf(deps).options.apiUrl}/register`,
      );
    }
    await app.listen(at);
  };
  return { app, deps, routes, listen };
}
