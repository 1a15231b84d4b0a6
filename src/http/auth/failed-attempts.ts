// Failed authentications and unknown link tokens, counted per client address and per presented id, so
// that guessing is as slow as the limits allow: 7,040 wrong apisecrets in 3.4 s all answered 401 before.
// The counts live in this process's memory (an LRU map with a fixed window per key): with several
// processes each counts its own share, as the per-credential rate limits do (README: Configuration).
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Deps } from '../../context.js';

const WINDOW_MS = 60_000;

interface Count {
  failures: number;
  since: number;
}

export class FailedAttempts {
  // Bounded by size, not `max`: with `max` the cache allocates all 100,000 slots up front (about
  // 2.4 MB and 10-80 ms for every app built, a test's included).
  private readonly counts = new LRUCache<string, Count>({ maxSize: 100_000, sizeCalculation: () => 1 });

  constructor(
    private readonly perAddress: number,
    private readonly perId: number,
  ) {}

  private limitOf(key: string): number {
    return key.startsWith('ip:') ? this.perAddress : this.perId;
  }

  private live(key: string, now: number): Count | undefined {
    const count = this.counts.get(key);
    return count && now - count.since < WINDOW_MS ? count : undefined;
  }

  /** Seconds until the first of `keys` that is over its limit may try again; undefined when none is. */
  retryAfter(keys: string[], now = Date.now()): number | undefined {
    let wait: number | undefined;
    for (const key of keys) {
      const count = this.live(key, now);
      if (count && count.failures >= this.limitOf(key)) {
        const seconds = Math.ceil((count.since + WINDOW_MS - now) / 1000);
        wait = Math.max(wait ?? 0, seconds);
      }
    }
    return wait;
  }

  fail(keys: string[], now = Date.now()): void {
    for (const key of keys) {
      const count = this.live(key, now);
      this.counts.set(
        key,
        count ? { failures: count.failures + 1, since: count.since } : { failures: 1, since: now },
      );
    }
  }
}

const perApp = new WeakMap<Deps, FailedAttempts>();

export function failedAttemptsOf(deps: Deps): FailedAttempts {
  let attempts = perApp.get(deps);
  if (!attempts) {
    attempts = new FailedAttempts(deps.config.authFailuresPerMinute, deps.config.authFailuresPerIdPerMinute);
    perApp.set(deps, attempts);
  }
  return attempts;
}

/** The key of a presented secret that carries no id: a prefix of its hash, never the secret itself. */
export const secretKey = (kind: string, secret: string) =>
  `${kind}:${createHash('sha256').update(secret).digest('hex').slice(0, 16)}`;

/** The counters one request touches: its client address, and the id it presented when it did. */
export const attemptKeys = (request: FastifyRequest, id?: string) => [
  `ip:${request.ip}`,
  // A header can be kilobytes long: the map keeps a hash of a long one, so that its memory stays bounded.
  ...(id ? [id.length > 64 ? secretKey('id', id) : `id:${id}`] : []),
];

function tooMany(reply: FastifyReply, seconds: number): Error {
  reply.header('retry-after', String(seconds));
  return Object.assign(new Error('too many failed attempts; try again later'), { statusCode: 429 });
}

/**
 * Runs one authentication under the counters: refused with a 429 (before anything is checked, so that a
 * right guess looks no different) while the address or the id is over its limit; a failure counts.
 */
export async function guarded<T>(
  deps: Deps,
  request: FastifyRequest,
  reply: FastifyReply,
  id: string | undefined,
  authenticate: () => Promise<T>,
): Promise<T> {
  const attempts = failedAttemptsOf(deps);
  const keys = attemptKeys(request, id);
  const wait = attempts.retryAfter(keys);
  if (wait !== undefined) throw tooMany(reply, wait);
  try {
    return await authenticate();
  } catch (err) {
    if ((err as { code?: string }).code === 'unauthorized') attempts.fail(keys);
    throw err;
  }
}

/**
 * Unknown link tokens (the customer pages, initiate, QR codes): a 401 or 404 counts against the address,
 * and an address over its limit is answered 429 before the token is looked up.
 */
export function limitLinkGuessing(app: FastifyInstance, deps: Deps): void {
  const attempts = failedAttemptsOf(deps);
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, linkGuessing: true };
  });
  app.addHook('onRequest', async (request, reply) => {
    const wait = attempts.retryAfter(attemptKeys(request));
    if (wait !== undefined) throw tooMany(reply, wait);
  });
  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode === 401 || reply.statusCode === 404) attempts.fail(attemptKeys(request));
  });
}
