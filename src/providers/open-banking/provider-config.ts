// One Open Banking bank as configuration (API.md 10.1): its issuer (discovery gives its endpoints),
// its API bases, our client id there and the files of our transport certificate and signing key.
// Real banks come from OPEN_BANKING_PROVIDERS; `ob-sandbox` is built from the sandbox PKI.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PROVIDER_ID_PATTERN, type ProviderInfo, SANDBOX_PROVIDER_ID } from '../providers.js';

export interface ObEndpoints {
  /** The bank's OAuth2 authorization endpoint (the customer's browser goes there). */
  authorizationUrl: string;
  /** Token endpoint, on the bank's mutual-TLS host. */
  tokenUrl: string;
  /** Dynamic client registration endpoint, when the bank offers one. */
  registrationUrl?: string;
  /** The bank's signing keys (id_tokens, response signatures). */
  jwksUrl?: string;
  /** Base of the Payment Initiation API, e.g. https://bank.example/open-banking/v3.1/pisp */
  paymentsUrl: string;
  /** Base of the Account and Transaction API, e.g. https://bank.example/open-banking/v3.1/aisp */
  accountsUrl: string;
}

export type TokenEndpointAuthMethod = 'tls_client_auth' | 'private_key_jwt';

export interface OpenBankingProviderConfig extends ProviderInfo {
  /** The bank's OpenID issuer; also the audience of our request objects. */
  issuer: string;
  /** Endpoints given in the configuration; the others come from `<issuer>/.well-known/openid-configuration`. */
  endpoints: Partial<ObEndpoints>;
  /** The bank's Read/Write API version (b64:false detached signatures up to 3.1.3). */
  apiVersion: string;
  clientId: string;
  tokenEndpointAuthMethod: TokenEndpointAuthMethod;
  /** PEM files: our transport certificate and key (mutual TLS), and the CA bundle of the bank's. */
  transportCertFile: string;
  transportKeyFile: string;
  caFile: string | undefined;
  /** PKCS#8 PEM of our PS256 signing key at this bank, and its key id (default: its thumbprint). */
  signingKeyFile: string;
  signingKid: string | undefined;
  /** The software statement the directory issued us (a JWT file), for `paybank bank register`. */
  softwareStatementFile?: string | undefined;
  /** Our organisation and software ids in the directory. */
  orgId: string;
  softwareId: string;
  /** The `tan` header of x-jws-signature. */
  trustAnchor: string;
  /** Sent as x-fapi-financial-id when the bank asks for it. */
  financialId: string | null;
  /** Ask the bank's funds confirmation before submitting a payment (API.md 10.1). */
  fundsConfirmation?: boolean;
  /** Per attempt. */
  timeoutMs: number;
  /** Further attempts after a network error, a time-out, a 5xx or a 429. */
  retries: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_RETRIES = 2;
export const DEFAULT_API_VERSION = '3.1.10';
const DEFAULT_TRUST_ANCHOR = 'openbanking.org.uk';

/** The endpoints of a bank laid out as the sandbox bank lays them out under one base URL. */
export function endpointsUnder(baseUrl: string): ObEndpoints & { issuer: string } {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    authorizationUrl: `${base}/authorize`,
    tokenUrl: `${base}/token`,
    registrationUrl: `${base}/register`,
    jwksUrl: `${base}/jwks`,
    paymentsUrl: `${base}/open-banking/v3.1/pisp`,
    accountsUrl: `${base}/open-banking/v3.1/aisp`,
    issuer: base,
  };
}

/** The API bases of a bank laid out like the sandbox bank, next to its token endpoint. */
export function apiBasesBeside(tokenUrl: string): Pick<ObEndpoints, 'paymentsUrl' | 'accountsUrl'> {
  const origin = new URL(tokenUrl).origin;
  return {
    paymentsUrl: `${origin}/open-banking/v3.1/pisp`,
    accountsUrl: `${origin}/open-banking/v3.1/aisp`,
  };
}

/**
 * The sandbox bank (API.md 10.3): its issuer is `sandboxBankUrl`, its token and API endpoints come from
 * discovery, and paybank's identity there is the sandbox PKI's under dataDir.
 */
export function sandboxProviderConfig(sandboxBankUrl: string, dataDir: string): OpenBankingProviderConfig {
  const pki = path.join(dataDir, 'pki');
  return {
    id: SANDBOX_PROVIDER_ID,
    name: 'Sandbox Bank',
    paymentInitiation: true,
    standingOrders: true,
    accountInformation: true,
    issuer: sandboxBankUrl.replace(/\/+$/, ''),
    endpoints: {},
    apiVersion: DEFAULT_API_VERSION,
    clientId: 'paybank',
    tokenEndpointAuthMethod: 'tls_client_auth',
    // Off, so that a payer short of funds shows the bank's later rejection (API.md 9.1, Carol).
    fundsConfirmation: false,
    transportCertFile: path.join(pki, 'paybank-transport.crt'),
    transportKeyFile: path.join(pki, 'paybank-transport.key'),
    caFile: path.join(pki, 'ca.crt'),
    signingKeyFile: path.join(pki, 'paybank-signing.key'),
    signingKid: undefined,
    softwareStatementFile: undefined,
    orgId: 'paybank-sandbox',
    softwareId: 'paybank',
    trustAnchor: DEFAULT_TRUST_ANCHOR,
    financialId: null,
    timeoutMs: DEFAULT_TIMEOUT_MS,
    retries: DEFAULT_RETRIES,
  };
}

function httpUrl(value: unknown, where: string): string {
  if (typeof value !== 'string') throw new Error(`${where} must be a URL string`);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${where} must be an absolute URL, got "${value}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`${where} must be http(s)`);
  return value.replace(/\/+$/, '');
}

function text(value: unknown, where: string): string {
  if (typeof value !== 'string' || value.trim() === '')
    throw new Error(`${where} must be a non-empty string`);
  return value;
}

function optionalText(value: unknown, where: string): string | undefined {
  return value === undefined ? undefined : text(value, where);
}

function flag(value: unknown, where: string, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean') throw new Error(`${where} must be true or false`);
  return value;
}

function whole(value: unknown, where: string, fallback: number, max: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > max) {
    throw new Error(`${where} must be a whole number from 0 to ${max}`);
  }
  return value;
}

function authMethod(value: unknown, where: string): TokenEndpointAuthMethod {
  if (value === undefined) return 'tls_client_auth';
  if (value !== 'tls_client_auth' && value !== 'private_key_jwt') {
    throw new Error(`${where} must be tls_client_auth or private_key_jwt`);
  }
  return value;
}

/** An absolute http(s) URL, or a path on this service (`/…`, not `//…`). */
function logoUrl(value: unknown, where: string): string {
  if (typeof value === 'string' && /^\/(?![/\\])\S*$/.test(value)) return value;
  return httpUrl(value, where);
}

const ENDPOINT_FIELDS = [
  'authorizationUrl',
  'tokenUrl',
  'registrationUrl',
  'jwksUrl',
  'paymentsUrl',
  'accountsUrl',
] as const;

function entryOf(entry: unknown, i: number, ids: Set<string>): OpenBankingProviderConfig {
  const at = `[${i}]`;
  if (typeof entry !== 'object' || entry === null) throw new Error(`${at} must be an object`);
  const e = entry as Record<string, unknown>;
  const id = text(e.id, `${at}.id`);
  if (!new RegExp(PROVIDER_ID_PATTERN).test(id)) throw new Error(`${at}.id must look like ob-<bank>`);
  if (id === SANDBOX_PROVIDER_ID) throw new Error(`${at}.id ${id} is the built-in sandbox bank`);
  if (ids.has(id)) throw new Error(`${at}.id ${id} is listed twice`);
  ids.add(id);
  const bank = `${at} (${id})`;
  if (e.clientSecret !== undefined) {
    throw new Error(
      `${bank}.clientSecret is not used: banks authenticate paybank by its transport certificate (tls_client_auth) or private_key_jwt`,
    );
  }
  const laidOut = e.baseUrl === undefined ? undefined : endpointsUnder(httpUrl(e.baseUrl, `${bank}.baseUrl`));
  const endpoints: Partial<ObEndpoints> = {};
  for (const name of ENDPOINT_FIELDS) {
    const value = e[name] === undefined ? laidOut?.[name] : httpUrl(e[name], `${bank}.${name}`);
    if (value !== undefined) endpoints[name] = value;
  }
  const issuer = e.issuer === undefined && laidOut ? laidOut.issuer : httpUrl(e.issuer, `${bank}.issuer`);
  const apiVersion = optionalText(e.apiVersion, `${bank}.apiVersion`) ?? DEFAULT_API_VERSION;
  if (!/^3\.1(\.\d+)?$/.test(apiVersion)) throw new Error(`${bank}.apiVersion must be a 3.1 version`);
  return {
    id,
    name: text(e.name, `${bank}.name`),
    paymentInitiation: flag(e.paymentInitiation, `${bank}.paymentInitiation`, true),
    standingOrders: flag(e.standingOrders, `${bank}.standingOrders`, false),
    accountInformation: flag(e.accountInformation, `${bank}.accountInformation`, false),
    ...(e.logoUrl === undefined ? {} : { logoUrl: logoUrl(e.logoUrl, `${bank}.logoUrl`) }),
    available: flag(e.available, `${bank}.available`, true),
    issuer,
    endpoints,
    apiVersion,
    clientId: text(e.clientId, `${bank}.clientId`),
    tokenEndpointAuthMethod: authMethod(e.tokenEndpointAuthMethod, `${bank}.tokenEndpointAuthMethod`),
    transportCertFile: text(e.transportCertFile, `${bank}.transportCertFile`),
    transportKeyFile: text(e.transportKeyFile, `${bank}.transportKeyFile`),
    caFile: optionalText(e.caFile, `${bank}.caFile`),
    signingKeyFile: text(e.signingKeyFile, `${bank}.signingKeyFile`),
    signingKid: text(e.signingKid, `${bank}.signingKid`),
    softwareStatementFile: optionalText(e.softwareStatementFile, `${bank}.softwareStatementFile`),
    orgId: text(e.orgId, `${bank}.orgId`),
    softwareId: text(e.softwareId, `${bank}.softwareId`),
    trustAnchor: optionalText(e.trustAnchor, `${bank}.trustAnchor`) ?? DEFAULT_TRUST_ANCHOR,
    financialId: optionalText(e.financialId, `${bank}.financialId`) ?? null,
    fundsConfirmation: flag(e.fundsConfirmation, `${bank}.fundsConfirmation`, false),
    timeoutMs: whole(e.timeoutMs, `${bank}.timeoutMs`, DEFAULT_TIMEOUT_MS, 120_000) || DEFAULT_TIMEOUT_MS,
    retries: whole(e.retries, `${bank}.retries`, DEFAULT_RETRIES, 5),
  };
}

/**
 * Parses OPEN_BANKING_PROVIDERS (API.md 10.1): a JSON array, or `@<path>` naming a JSON file. Endpoints
 * may be given one by one, or as `baseUrl` (laid out like the sandbox bank's); the rest come from
 * discovery. Throws an Error naming the entry and the bad field.
 */
export function parseOpenBankingProviders(raw: string | undefined): OpenBankingProviderConfig[] {
  if (raw === undefined || raw.trim() === '') return [];
  let json = raw;
  if (raw.startsWith('@')) {
    try {
      json = readFileSync(raw.slice(1), 'utf8');
    } catch (err) {
      throw new Error(`${raw.slice(1)} cannot be read (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
    }
  }
  let list: unknown;
  try {
    list = JSON.parse(json);
  } catch {
    throw new Error('must be a JSON array of bank entries');
  }
  if (!Array.isArray(list)) throw new Error('must be a JSON array of bank entries');
  const ids = new Set<string>();
  return list.map((entry: unknown, i) => entryOf(entry, i, ids));
}
