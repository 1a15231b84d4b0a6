// One Open Banking bank as configuration: where its endpoints are and our client credentials there.
// Real banks come from OPEN_BANKING_PROVIDERS (a JSON array); `ob-sandbox` is built from SANDBOX_BANK_URL.
import { PROVIDER_ID_PATTERN, type ProviderInfo, SANDBOX_PROVIDER_ID } from '../providers.js';

export interface OpenBankingProviderConfig extends ProviderInfo {
  /** The bank's OAuth2 authorization endpoint (the customer's browser goes there). */
  authorizationUrl: string;
  tokenUrl: string;
  /** Base of the Payment Initiation API, e.g. https://bank.example/open-banking/v3.1/pisp */
  paymentsUrl: string;
  /** Base of the Account and Transaction API, e.g. https://bank.example/open-banking/v3.1/aisp */
  accountsUrl: string;
  /** Audience of our signed authorisation requests: the bank's issuer. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Sent as x-fapi-financial-id when the bank asks for it. */
  financialId: string | null;
  /** Per attempt. */
  timeoutMs: number;
  /** Further attempts after a network error, a time-out, a 5xx or a 429. */
  retries: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_RETRIES = 2;

/** The endpoints of a bank laid out as the sandbox bank lays them out under one base URL. */
export function endpointsUnder(baseUrl: string) {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    authorizationUrl: `${base}/authorize`,
    tokenUrl: `${base}/token`,
    paymentsUrl: `${base}/open-banking/v3.1/pisp`,
    accountsUrl: `${base}/open-banking/v3.1/aisp`,
    issuer: base,
  };
}

export function sandboxProviderConfig(
  sandboxBankUrl: string,
  clientSecret: string,
): OpenBankingProviderConfig {
  return {
    id: SANDBOX_PROVIDER_ID,
    name: 'Sandbox Bank',
    paymentInitiation: true,
    standingOrders: true,
    accountInformation: true,
    ...endpointsUnder(sandboxBankUrl),
    clientId: 'paybank',
    clientSecret,
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

/**
 * Parses OPEN_BANKING_PROVIDERS: `[{"id": "ob-examplebank", "name": "Example Bank", "baseUrl": "...",
 * "clientId": "...", "clientSecret": "..."}]`. Either `baseUrl` (endpoints laid out like the sandbox
 * bank's) or each of authorizationUrl, tokenUrl, paymentsUrl, accountsUrl (and issuer). Throws an Error
 * naming the bad field.
 */
export function parseOpenBankingProviders(raw: string | undefined): OpenBankingProviderConfig[] {
  if (raw === undefined || raw.trim() === '') return [];
  let list: unknown;
  try {
    list = JSON.parse(raw);
  } catch {
    throw new Error('must be a JSON array of bank entries');
  }
  if (!Array.isArray(list)) throw new Error('must be a JSON array of bank entries');
  const ids = new Set<string>();
  return list.map((entry: unknown, i) => {
    const at = `[${i}]`;
    if (typeof entry !== 'object' || entry === null) throw new Error(`${at} must be an object`);
    const e = entry as Record<string, unknown>;
    const id = text(e.id, `${at}.id`);
    if (!new RegExp(PROVIDER_ID_PATTERN).test(id)) throw new Error(`${at}.id must look like ob-<bank>`);
    if (id === SANDBOX_PROVIDER_ID) throw new Error(`${at}.id ${id} is the built-in sandbox bank`);
    if (ids.has(id)) throw new Error(`${at}.id ${id} is listed twice`);
    ids.add(id);
    const laidOut = e.baseUrl === undefined ? undefined : endpointsUnder(httpUrl(e.baseUrl, `${at}.baseUrl`));
    const endpoint = (name: 'authorizationUrl' | 'tokenUrl' | 'paymentsUrl' | 'accountsUrl' | 'issuer') =>
      e[name] === undefined && laidOut ? laidOut[name] : httpUrl(e[name], `${at}.${name}`);
    const authorizationUrl = endpoint('authorizationUrl');
    return {
      id,
      name: text(e.name, `${at}.name`),
      paymentInitiation: flag(e.paymentInitiation, `${at}.paymentInitiation`, true),
      standingOrders: flag(e.standingOrders, `${at}.standingOrders`, true),
      accountInformation: flag(e.accountInformation, `${at}.accountInformation`, true),
      authorizationUrl,
      tokenUrl: endpoint('tokenUrl'),
      paymentsUrl: endpoint('paymentsUrl'),
      accountsUrl: endpoint('accountsUrl'),
      issuer: e.issuer === undefined && !laidOut ? new URL(authorizationUrl).origin : endpoint('issuer'),
      clientId: text(e.clientId, `${at}.clientId`),
      clientSecret: text(e.clientSecret, `${at}.clientSecret`),
      financialId: e.financialId === undefined ? null : text(e.financialId, `${at}.financialId`),
      timeoutMs: whole(e.timeoutMs, `${at}.timeoutMs`, DEFAULT_TIMEOUT_MS, 120_000) || DEFAULT_TIMEOUT_MS,
      retries: whole(e.retries, `${at}.retries`, DEFAULT_RETRIES, 5),
    };
  });
}
