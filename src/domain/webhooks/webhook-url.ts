// A webhook URL must be an absolute http(s) URL and, unless ALLOW_PRIVATE_WEBHOOKS is on, reach only
// public addresses. Checked here when a URL is set (early, clear 400) and again by the webhook agent at
// every connection (webhook-agent.ts), which is what actually protects: a name can resolve differently later.
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { invalid } from '../errors.js';
import { isPublicAddress } from './public-address.js';

export function assertHttpUrl(field: string, value: string): void {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalid(field, 'must be an absolute http(s) URL');
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') {
    throw invalid(field, 'must be an absolute http(s) URL');
  }
}

/** Resolves a host name to every address it has (injectable for tests). */
export type ResolveAll = (hostname: string) => Promise<string[]>;

const systemResolveAll: ResolveAll = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

const RESOLVED_TTL_MS = 30_000;
const RESOLVED_MAX = 1_000;

/**
 * `resolve` with its answers kept for a short while (failures are not kept). Routes resolve a body's
 * webhook URL before their transaction opens (resolveWebhookHostEarly), so the check inside it, which
 * a transaction on SQLite's one writer would otherwise wait on, finds the answer already there.
 */
export function cachedResolver(
  resolve: ResolveAll,
  ttlMs = RESOLVED_TTL_MS,
  now: () => number = () => performance.now(),
): ResolveAll {
  const answers = new Map<string, { until: number; addresses: Promise<string[]> }>();
  return (hostname) => {
    const kept = answers.get(hostname);
    if (kept && kept.until > now()) return kept.addresses;
    if (answers.size >= RESOLVED_MAX) answers.clear();
    const addresses = resolve(hostname);
    answers.set(hostname, { until: now() + ttlMs, addresses });
    addresses.catch(() => answers.delete(hostname));
    return addresses;
  };
}

export const resolveAll: ResolveAll = cachedResolver(systemResolveAll);

/** Starts resolving the host of a would-be webhook URL (errors are the later check's to report). */
export async function resolveWebhookHostEarly(
  config: { allowPrivateWebhooks: boolean },
  value: unknown,
): Promise<void> {
  if (config.allowPrivateWebhooks || typeof value !== 'string') return;
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (!url || isIP(hostOf(url)) !== 0 || hostOf(url) === '') return;
  await resolveAll(hostOf(url)).catch(() => undefined);
}

/** The URL's host without IPv6 brackets. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '');
}

const NOT_PUBLIC = 'must not point at a loopback, private, link-local or metadata address';

/**
 * assertHttpUrl, then (unless private targets are allowed) the host, or every address its name
 * resolves to, must be public. A name that does not exist is refused; a DNS outage is not (the
 * connection-time check still applies).
 */
export async function assertWebhookUrl(
  config: { allowPrivateWebhooks: boolean },
  field: string,
  value: string,
  resolve: ResolveAll = resolveAll,
): Promise<void> {
  assertHttpUrl(field, value);
  if (config.allowPrivateWebhooks) return;
  const host = hostOf(new URL(value));
  if (isIP(host) !== 0) {
    if (!isPublicAddress(host)) throw invalid(field, NOT_PUBLIC);
    return;
  }
  let addresses: string[];
  try {
    addresses = await resolve(host);
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'ENOTFOUND' || code === 'ENODATA') throw invalid(field, `host ${host} does not resolve`);
    return;
  }
  if (addresses.length === 0) throw invalid(field, `host ${host} does not resolve`);
  if (!addresses.every(isPublicAddress)) throw invalid(field, NOT_PUBLIC);
}
