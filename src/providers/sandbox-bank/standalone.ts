// The sandbox bank alone (`npm run sandbox-bank`), for a paybank elsewhere (set SANDBOX_BANK_URL there)
// or any Open Banking client: its pages and discovery on one port, its token endpoint and API on a
// second with client certificates. Same module as the mounted one, at the root path, on its own
// database, with the system clock and the sandbox PKI of DATA_DIR (a paybank with the same DATA_DIR
// holds the matching keys); standing orders are paid by a timer.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { ConfigError } from '../../config.js';
import { systemClock } from '../../domain/clock.js';
import { loggerOptions } from '../../log-options.js';
import { openStore } from '../../store/database.js';
import { migrateToLatest } from '../../store/migrate.js';
import { buildSandboxBankMtls } from './mtls-server.js';
import { SANDBOX_ORG_ID, SANDBOX_SOFTWARE_ID, sandboxPki } from './pki.js';
import { sandboxBankPlugin } from './plugin.js';
import { runSandboxBank } from './sandbox-bank.job.js';
import {
  SANDBOX_CLIENT_ID,
  SANDBOX_CLIENT_SUBJECT,
  type SandboxBank,
  sandboxBankSigningKey,
  sandboxClientKeys,
  sandboxDirectoryKeys,
} from './sandbox-bank.js';

type Env = Record<string, string | undefined>;

export interface StandaloneOptions {
  port: number;
  mtlsPort: number;
  host: string;
  baseUrl: string;
  databaseUrl: string;
  /** Where the sandbox PKI lives (DATA_DIR/pki): a paybank with the same DATA_DIR holds the same keys. */
  dataDir: string;
  redirectUriPrefixes: string[];
  settlement: 'auto' | 'manual';
  logLevel: string;
  /** How often standing orders are looked at. */
  tickMs: number;
}

export function standaloneOptions(env: Env = process.env): StandaloneOptions {
  const port = Number(env.SANDBOX_BANK_PORT || 8090);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError('SANDBOX_BANK_PORT', `must be a port number, got "${env.SANDBOX_BANK_PORT}"`);
  }
  const mtlsPort = Number(env.SANDBOX_BANK_MTLS_PORT || port + 363);
  if (!Number.isInteger(mtlsPort) || mtlsPort < 0 || mtlsPort > 65535) {
    throw new ConfigError(
      'SANDBOX_BANK_MTLS_PORT',
      `must be a port number, got "${env.SANDBOX_BANK_MTLS_PORT}"`,
    );
  }
  const settlement = env.SANDBOX_SETTLEMENT || 'auto';
  if (settlement !== 'auto' && settlement !== 'manual') {
    throw new ConfigError('SANDBOX_SETTLEMENT', `must be auto or manual, got "${settlement}"`);
  }
  const prefixes = (env.SANDBOX_BANK_REDIRECT_URIS || 'http://localhost:8080')
    .split(',')
    .map((p) => p.trim());
  for (const prefix of prefixes) {
    try {
      new URL(prefix);
    } catch {
      throw new ConfigError('SANDBOX_BANK_REDIRECT_URIS', `"${prefix}" is not an absolute URL`);
    }
  }
  return {
    port,
    mtlsPort,
    host: env.HOST || '0.0.0.0',
    baseUrl: (env.SANDBOX_BANK_PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    databaseUrl: env.DATABASE_URL || 'sqlite:./data/sandbox-bank.db',
    dataDir: path.resolve(env.DATA_DIR || './data'),
    redirectUriPrefixes: prefixes,
    settlement,
    logLevel: env.LOG_LEVEL || 'info',
    tickMs: 30_000,
  };
}

export interface StandaloneBank {
  /** The pages and discovery. */
  app: FastifyInstance;
  /** The token endpoint and the Open Banking API, with client certificates. */
  api: FastifyInstance;
  listen(): Promise<void>;
  close(): Promise<void>;
}

export async function buildStandaloneBank(options: StandaloneOptions): Promise<StandaloneBank> {
  const pki = await sandboxPki(options.dataDir);
  const store = openStore(options.databaseUrl);
  await migrateToLatest(store.db);
  const app = Fastify({ logger: loggerOptions(options.logLevel) });
  const bank: SandboxBank = {
    db: store.db,
    engine: store.engine,
    clock: systemClock,
    log: app.log,
    options: {
      baseUrl: options.baseUrl,
      apiUrl: `https://${new URL(options.baseUrl).host.replace(/:\d+$/, '')}:${options.mtlsPort}`,
      audiences: [],
      clients: [
        {
          id: SANDBOX_CLIENT_ID,
          subject: SANDBOX_CLIENT_SUBJECT,
          signatureIss: `${SANDBOX_ORG_ID}/${SANDBOX_SOFTWARE_ID}`,
          keys: () => sandboxClientKeys(options.dataDir),
          redirectUriPrefixes: options.redirectUriPrefixes,
        },
      ],
      directoryKeys: () => sandboxDirectoryKeys(options.dataDir),
      signingKey: () => sandboxBankSigningKey(options.dataDir),
      settlement: options.settlement,
    },
  };
  // The authorisation page sets its own policy: its form leads to the client on another origin.
  await app.register(helmet);
  await app.register(formbody);
  await app.register(sandboxBankPlugin, { bank });
  app.get('/health/live', async () => ({ status: 'ok' }));
  const timer = setInterval(() => {
    runSandboxBank(bank, options.settlement).catch((err: unknown) =>
      app.log.error({ err }, 'sandbox bank run failed'),
    );
  }, options.tickMs);
  timer.unref();
  const api = await buildSandboxBankMtls(bank, pki, app.log.child({ server: 'sandbox-bank-mtls' }));
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await api.close();
    await store.close();
  });
  return {
    app,
    api,
    async listen() {
      await app.listen({ port: options.port, host: options.host });
      await api.listen({ port: options.mtlsPort, host: options.host });
    },
    close: () => app.close(),
  };
}

async function main(): Promise<void> {
  let options: StandaloneOptions;
  try {
    options = standaloneOptions();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`sandbox-bank: invalid configuration: ${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
  const bank = await buildStandaloneBank(options);
  await bank.listen();
  const stop = async () => {
    await bank.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
