// The HTTP agent webhooks are sent through: undici, 10 s time-outs, no redirects followed, and (unless
// private targets are allowed) a DNS lookup that refuses any name resolving to a non-public address,
// so the address actually connected to is the one checked (DESIGN.md 5). Lookups of one name made at
// the same time share one (sharedLookups).
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { Agent } from 'undici';
import { isPublicAddress } from './public-address.js';

export const WEBHOOK_TIMEOUT_MS = 10_000;

/** A delivery refused because its target is not a public address: final, never retried. */
export class PrivateTargetError extends Error {
  readonly code = 'PRIVATE_TARGET';
  constructor(host: string, address: string) {
    super(`refused: ${host} resolves to ${address}, which is not a public address`);
    this.name = 'PrivateTargetError';
  }
}

type ResolveCallback = (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void;
export type LookupAll = (hostname: string, callback: ResolveCallback) => void;

const systemLookupAll: LookupAll = (hostname, callback) =>
  dnsLookup(hostname, { all: true, verbatim: true }, callback);

/**
 * `resolve`, with the lookups of one name asked for while one is under way answered by that one. Each
 * failed delivery opens a new connection, and each connection looks its name up in libuv's four
 * threads (shared with file and crypto work): a receiver whose name does not resolve, with a batch of
 * its events in flight, queued 132 lookups that took up to 10 s each to fail (a SIGTERM then waited
 * as long for them). Nothing is kept once the lookup has answered: the next connection asks again.
 * (The URL check's cachedResolver, webhook-url.ts, keeps answers for 30 s; a connection does not.)
 */
export function sharedLookups(resolve: LookupAll = systemLookupAll): LookupAll {
  const waiting = new Map<string, ResolveCallback[]>();
  return (hostname, callback) => {
    const callbacks = waiting.get(hostname);
    if (callbacks) {
      callbacks.push(callback);
      return;
    }
    waiting.set(hostname, [callback]);
    resolve(hostname, (err, addresses) => {
      const answered = waiting.get(hostname) ?? [];
      waiting.delete(hostname);
      for (const each of answered) each(err, addresses);
    });
  };
}

/**
 * A net.connect `lookup` on `resolve`; with `publicOnly`, one that fails when any address of the name
 * is not public.
 */
function addressLookup(resolve: LookupAll, publicOnly: boolean): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const family = options.family === 4 || options.family === 6 ? options.family : 0;
      const usable = addresses.filter((entry) => family === 0 || entry.family === family);
      const refused = publicOnly && addresses.find((entry) => !isPublicAddress(entry.address));
      if (refused) return callback(new PrivateTargetError(hostname, refused.address), '', 0);
      const first = usable[0];
      if (!first) {
        const missing = Object.assign(new Error(`${hostname} has no usable address`), { code: 'ENOTFOUND' });
        return callback(missing, '', 0);
      }
      // With `all` (Node's happy-eyeballs connect) the callback takes the whole list.
      if (options.all) return (callback as unknown as ResolveCallback)(null, usable);
      return callback(null, first.address, first.family);
    });
  };
}

/** The lookup of the webhook agents: shared lookups, public addresses only unless `allowPrivate`. */
export function webhookLookup(allowPrivate: boolean, resolve: LookupAll = systemLookupAll): LookupFunction {
  return addressLookup(sharedLookups(resolve), !allowPrivate);
}

const agents = new Map<boolean, Agent>();

/** One shared agent per policy: connections to a receiver are kept alive between deliveries. */
export function webhookAgent(allowPrivate: boolean): Agent {
  let agent = agents.get(allowPrivate);
  if (!agent) {
    agent = new Agent({
      headersTimeout: WEBHOOK_TIMEOUT_MS,
      bodyTimeout: WEBHOOK_TIMEOUT_MS,
      keepAliveTimeout: 4_000,
      connect: {
        timeout: WEBHOOK_TIMEOUT_MS,
        lookup: webhookLookup(allowPrivate),
      },
    });
    agents.set(allowPrivate, agent);
  }
  return agent;
}

export async function closeWebhookAgents(): Promise<void> {
  const open = [...agents.values()];
  agents.clear();
  await Promise.all(open.map((agent) => agent.close()));
}
