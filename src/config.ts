// Environment -> typed, validated configuration. A bad variable stops the start with a message naming it.
import { isIP } from 'node:net';
import path from 'node:path';
import ipaddr from 'ipaddr.js';
import { parseKey } from './domain/secret-box.js';
import {
  type OpenBankingProviderConfig,
  parseOpenBankingProviders,
} from './providers/open-banking/provider-config.js';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface Config {
  port: number;
  /** HOST, else 127.0.0.1 with the sandbox (its controls have no credentials), else 0.0.0.0. */
  host: string;
  publicUrl: string;
  databaseUrl: string;
  dataDir: string;
  adminToken: string | undefined;
  sandbox: boolean;
  sandboxSettlement: 'auto' | 'manual';
  /** The ob-sandbox bank's issuer (default `${publicUrl}/sandbox-bank`). */
  sandboxBankUrl: string;
  /** The mounted sandbox bank's HTTPS port with client certificates: token, registration, API (API.md 10.3). */
  sandboxBankMtlsPort: number;
  /** Real Open Banking banks (OPEN_BANKING_PROVIDERS). */
  openBankingProviders: OpenBankingProviderConfig[];
  allowPrivateWebhooks: boolean;
  maxAmountPence: number;
  maxBodyBytes: number;
  maxUploadBytes: number;
  rateLimitPerMinute: number;
  /**
   * Which proxies' X-Forwarded-For to believe for the client address (Fastify's `trustProxy`): none by
   * default, else a hop count or a list of proxy addresses and CIDR ranges. Every per-address limit keys on it.
   */
  trustProxy: false | number | string[];
  /** Failed authentications (and unknown link tokens) a minute per client address before 429s. */
  authFailuresPerMinute: number;
  /** Failed authentications a minute per presented id (integration, terminal, apisecret, operator). */
  authFailuresPerIdPerMinute: number;
  /** Requests a minute per client IP on the public routes (customer pages, initiate, QR codes). */
  publicRateLimitPerMinute: number;
  logLevel: LogLevel;
  /** When set, GET /metrics asks for `Authorization: Bearer <metricsToken>`. */
  metricsToken: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  consentDays: number;
  dataApiCheckDays: number;
  /** Where the local-disk FileStore keeps uploads (bank statements). */
  filesDir: string;
  workers: boolean;
  /** How long a process holds a claimed outbox event or job run before another may take it over. */
  leaseMs: number;
  /** Above this event-loop delay the service answers 503 (0: never). */
  maxEventLoopDelayMs: number;
  /** SQLite durability: NORMAL survives a killed process, FULL also a power cut (see store/database.ts). */
  sqliteSynchronous: 'NORMAL' | 'FULL';
  /** SQLite: transactions that queue together commit together (store/group-commit.ts). */
  sqliteGroupCommit: boolean;
  /** Seals stored webhook secrets (SECRETS_KEY); unset: the key file in DATA_DIR. */
  secretsKey: Buffer | undefined;
  /** Keys of a rotation under way (SECRETS_KEY_PREVIOUS): they open, never seal. */
  secretsKeyPrevious: Buffer[];
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`${variable}: ${message}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^[0-9]+$/.test(raw)) throw new ConfigError(name, `must be a whole number, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max)
    throw new ConfigError(name, `must be between ${min} and ${max}, got ${value}`);
  return value;
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw new ConfigError(name, `must be true or false, got "${raw}"`);
}

function url(env: Env, name: string, fallback: string): string {
  const raw = env[name] || fallback;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(name, `must be an absolute http(s) URL, got "${raw}"`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new ConfigError(name, `must be an http(s) URL, got "${raw}"`);
  }
  return raw.replace(/\/+$/, '');
}

function amount(env: Env, name: string, fallback: string): number {
  const raw = env[name] || fallback;
  if (!/^[0-9]{1,13}\.[0-9]{2}$/.test(raw))
    throw new ConfigError(name, `must be an amount like 1000000.00, got "${raw}"`);
  const [units, pence] = raw.split('.') as [string, string];
  return Number(units) * 100 + Number(pence);
}

function sqliteSynchronous(env: Env): 'NORMAL' | 'FULL' {
  const raw = (env.SQLITE_SYNCHRONOUS || 'NORMAL').toUpperCase();
  if (raw !== 'NORMAL' && raw !== 'FULL')
    throw new ConfigError('SQLITE_SYNCHRONOUS', `must be NORMAL or FULL, got "${raw}"`);
  return raw;
}

function keys(env: Env, name: string): Buffer[] {
  const raw = env[name];
  if (!raw) return [];
  return raw.split(',').map((text) => {
    const key = parseKey(text);
    if (!key) throw new ConfigError(name, 'must be a 32-byte key in base64 (openssl rand -base64 32) or hex');
    return key;
  });
}

function secretsKey(env: Env): Buffer | undefined {
  const [key, extra] = keys(env, 'SECRETS_KEY');
  if (extra) throw new ConfigError('SECRETS_KEY', 'must be one key (older ones go in SECRETS_KEY_PREVIOUS)');
  return key;
}

// proxy-addr's names for its own ranges, accepted beside addresses and CIDR ranges.
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function trustProxy(env: Env): false | number | string[] {
  const raw = (env.TRUST_PROXY || '').trim();
  if (raw === '' || raw === 'false' || raw === '0') return false;
  if (/^[0-9]+$/.test(raw)) return int(env, 'TRUST_PROXY', 0, 1, 100);
  const entries = raw.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    const valid =
      PROXY_RANGE_NAMES.includes(entry) ||
      (entry.includes('/') ? ipaddr.isValidCIDR(entry) : isIP(entry) !== 0);
    if (!valid) {
      throw new ConfigError(
        'TRUST_PROXY',
        `must be false, a hop count, or a comma-separated list of proxy addresses or CIDR ranges, got "${entry}"`,
      );
    }
  }
  return entries;
}

const LOG_LEVELS: LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function openBankingProviders(env: Env): OpenBankingProviderConfig[] {
  try {
    return parseOpenBankingProviders(env.OPEN_BANKING_PROVIDERS);
  } catch (err) {
    throw new ConfigError('OPEN_BANKING_PROVIDERS', (err as Error).message);
  }
}

/** The sandbox bank's mTLS port. It must be known before the start: paybank registers at the bank by
 * this URL (and calls it) before its own port opens, so port 0 ("any free port") cannot work. */
function sandboxBankMtlsPort(env: Env, port: number, sandbox: boolean): number {
  const mtlsPort = int(env, 'SANDBOX_BANK_MTLS_PORT', port === 0 ? 0 : port + 363, 0, 65535);
  if (sandbox && mtlsPort === 0) {
    throw new ConfigError(
      'SANDBOX_BANK_MTLS_PORT',
      'must be a fixed port when SANDBOX=true (with PORT=0 set it too): paybank registers at the sandbox bank by its address before it listens',
    );
  }
  return mtlsPort;
}

export function loadConfig(env: Env = process.env): Config {
  const port = int(env, 'PORT', 8080, 0, 65535);
  const publicUrl = url(env, 'PUBLIC_URL', `http://localhost:${port}`);
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const databaseUrl = env.DATABASE_URL || `sqlite:${path.join(dataDir, 'paybank.db')}`;
  if (!/^(sqlite:|postgres:\/\/|postgresql:\/\/)/.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL', `must start with sqlite: or postgres://, got "${databaseUrl}"`);
  }
  const logLevel = (env.LOG_LEVEL || 'info') as LogLevel;
  if (!LOG_LEVELS.includes(logLevel))
    throw new ConfigError('LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')}`);
  const adminToken = env.ADMIN_TOKEN || undefined;
  if (adminToken !== undefined && adminToken.length < 16) {
    throw new ConfigError('ADMIN_TOKEN', 'must be at least 16 characters');
  }
  const settlement = env.SANDBOX_SETTLEMENT || 'auto';
  if (settlement !== 'auto' && settlement !== 'manual') {
    throw new ConfigError('SANDBOX_SETTLEMENT', `must be auto or manual, got "${settlement}"`);
  }
  const smtpUrl = env.SMTP_URL || undefined;
  if (smtpUrl !== undefined && !/^smtps?:\/\//.test(smtpUrl)) {
    throw new ConfigError('SMTP_URL', `must start with smtp:// or smtps://, got "${smtpUrl}"`);
  }
  const sandbox = bool(env, 'SANDBOX', false);
  const host = env.HOST || (sandbox ? '127.0.0.1' : '0.0.0.0');
  const metricsToken = env.METRICS_TOKEN || undefined;
  if (metricsToken !== undefined && metricsToken.length < 16) {
    throw new ConfigError('METRICS_TOKEN', 'must be at least 16 characters');
  }
  return {
    port,
    host,
    publicUrl,
    databaseUrl,
    dataDir,
    adminToken,
    sandbox,
    sandboxSettlement: settlement,
    sandboxBankUrl: url(env, 'SANDBOX_BANK_URL', `${publicUrl}/sandbox-bank`),
    sandboxBankMtlsPort: sandboxBankMtlsPort(env, port, sandbox),
    openBankingProviders: openBankingProviders(env),
    allowPrivateWebhooks: bool(env, 'ALLOW_PRIVATE_WEBHOOKS', sandbox),
    maxAmountPence: amount(env, 'MAX_AMOUNT', '1000000.00'),
    maxBodyBytes: int(env, 'MAX_BODY_BYTES', 1024 * 1024, 1024, 1024 * 1024 * 1024),
    maxUploadBytes: int(env, 'MAX_UPLOAD_BYTES', 10 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
    rateLimitPerMinute: int(env, 'RATE_LIMIT_PER_MINUTE', 6000, 1, 100_000_000),
    trustProxy: trustProxy(env),
    authFailuresPerMinute: int(env, 'AUTH_FAILURES_PER_MINUTE', 30, 1, 1_000_000),
    authFailuresPerIdPerMinute: int(env, 'AUTH_FAILURES_PER_ID_PER_MINUTE', 100, 1, 1_000_000),
    publicRateLimitPerMinute: int(env, 'PUBLIC_RATE_LIMIT_PER_MINUTE', 600, 1, 100_000_000),
    logLevel,
    metricsToken,
    smtpUrl,
    mailFrom: env.MAIL_FROM || 'paybank <no-reply@paybank.local>',
    consentDays: int(env, 'CONSENT_DAYS', 90, 1, 3650),
    dataApiCheckDays: int(env, 'DATA_API_CHECK_DAYS', 3, 1, 365),
    filesDir: path.resolve(env.FILES_DIR || path.join(dataDir, 'files')),
    workers: bool(env, 'WORKERS', true),
    maxEventLoopDelayMs: int(env, 'MAX_EVENT_LOOP_DELAY_MS', 2000, 0, 600_000),
    sqliteSynchronous: sqliteSynchronous(env),
    sqliteGroupCommit: bool(env, 'SQLITE_GROUP_COMMIT', true),
    secretsKey: secretsKey(env),
    secretsKeyPrevious: keys(env, 'SECRETS_KEY_PREVIOUS'),
    // Longer than the 10 s webhook time-out, so that a live process never loses a claim mid-delivery.
    leaseMs: int(env, 'LEASE_SECONDS', 30, 11, 3600) * 1000,
  };
}
