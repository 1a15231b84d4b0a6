// The fetch under every call: credential headers, an Idempotency-Key on every write (the same one on
// each retry, so that a retried write runs once: API.md 1.2), and retries with back-off.
import { randomUUID } from 'node:crypto';

export interface RetryOptions {
  /** Retries after the first attempt (default 2). */
  maxRetries?: number;
  /** First back-off delay; doubles each retry, with jitter (default 500 ms). */
  baseDelayMs?: number;
  /** Longest back-off, and longest `Retry-After` honoured: a longer one is answered to the caller (default 30 s). */
  maxDelayMs?: number;
}

export interface TransportOptions extends RetryOptions {
  /** The service's base URL, e.g. `https://pay.example.com`. */
  baseUrl: string;
  /** A fetch to send with (default: the global one); tests and proxies pass their own. */
  fetch?: (request: Request) => Promise<Response>;
  /** Ends an attempt that takes longer (default 30 s); it is retried like a network error. */
  timeoutMs?: number;
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Whether an answer is worth asking again: rate limited, or the service (or a proxy) failed. */
function retryable(status: number): boolean {
  return status === 429 || status >= 500;
}

/** `Retry-After` in milliseconds: seconds or an HTTP date (RFC 9110 10.2.3); undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function backoffMs(retry: number, options: Required<RetryOptions>): number {
  const exponential = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** retry);
  // Full jitter halves the herd of clients retrying the same outage together.
  return exponential / 2 + Math.random() * (exponential / 2);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A fetch that adds `headers`, an `Idempotency-Key` to writes that have none, and retries network
 * errors, time-outs, 429 and 5xx. The last answer (or error) goes to the caller.
 */
export function retryingFetch(
  headers: Record<string, string>,
  options: TransportOptions,
): (request: Request) => Promise<Response> {
  const send = options.fetch ?? ((request: Request) => fetch(request));
  const retry: Required<RetryOptions> = {
    maxRetries: options.maxRetries ?? 2,
    baseDelayMs: options.baseDelayMs ?? 500,
    maxDelayMs: options.maxDelayMs ?? 30_000,
  };
  const timeoutMs = options.timeoutMs ?? 30_000;
  return async (original) => {
    const sent = new Headers(original.headers);
    for (const [name, value] of Object.entries(headers)) sent.set(name, value);
    if (WRITES.has(original.method) && !sent.has('idempotency-key'))
      sent.set('idempotency-key', randomUUID());
    // Read once, so that every attempt sends the same bytes.
    const body = original.body === null ? undefined : await original.arrayBuffer();
    for (let attempt = 0; ; attempt++) {
      const last = attempt >= retry.maxRetries;
      let response: Response;
      try {
        response = await send(
          new Request(original.url, {
            method: original.method,
            headers: sent,
            ...(body === undefined ? {} : { body }),
            signal: AbortSignal.timeout(timeoutMs),
          }),
        );
      } catch (error) {
        if (last) throw error;
        await sleep(backoffMs(attempt, retry));
        continue;
      }
      if (last || !retryable(response.status)) return response;
      const asked = retryAfterMs(response.headers.get('retry-after'));
      if (asked !== undefined && asked > retry.maxDelayMs) return response;
      // The body of an answer not handed on is read, so that the connection can be reused.
      await response.arrayBuffer().catch(() => undefined);
      await sleep(asked ?? backoffMs(attempt, retry));
    }
  };
}
