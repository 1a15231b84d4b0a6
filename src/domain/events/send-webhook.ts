// One webhook attempt: sign per Standard Webhooks, POST through the guarded agent, classify the answer.
import { isIP } from 'node:net';
import { performance } from 'node:perf_hooks';
import { request } from 'undici';
import { isPublicAddress } from '../webhooks/public-address.js';
import { webhookHeaders } from '../webhooks/signature.js';
import { PrivateTargetError, WEBHOOK_TIMEOUT_MS, webhookAgent } from '../webhooks/webhook-agent.js';
import { hostOf } from '../webhooks/webhook-url.js';

export interface AttemptResult {
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
  /** delivered: a 2xx; retryable: 5xx, time-out or network error; final: anything else. */
  verdict: 'delivered' | 'retryable' | 'final';
}

const MAX_RESPONSE_READ = 64 * 1024;

function isPrivateTarget(err: unknown): boolean {
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    if (e instanceof PrivateTargetError || (e as { code?: string }).code === 'PRIVATE_TARGET') return true;
  }
  return false;
}

function describe(err: unknown): string {
  if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) {
    return `timed out after ${WEBHOOK_TIMEOUT_MS / 1000} s`;
  }
  const parts: string[] = [];
  for (let e: unknown = err; e instanceof Error && parts.length < 3; e = e.cause) {
    const code = (e as { code?: string }).code;
    parts.push(code ? `${code}: ${e.message}` : e.message);
  }
  return parts.join(' <- ') || String(err);
}

export async function sendWebhook(
  target: { url: string; secrets: readonly string[] },
  event: { id: string; payload: string },
  options: { allowPrivate: boolean },
): Promise<AttemptResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let url: URL;
  try {
    url = new URL(target.url);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not an http(s) URL');
  } catch (err) {
    return {
      statusCode: null,
      latencyMs: 0,
      error: `invalid webhook URL: ${describe(err)}`,
      verdict: 'final',
    };
  }
  // An address literal is never looked up, so the agent's lookup guard would not see it.
  const host = hostOf(url);
  if (!options.allowPrivate && isIP(host) !== 0 && !isPublicAddress(host)) {
    return {
      statusCode: null,
      latencyMs: 0,
      error: new PrivateTargetError(host, host).message,
      verdict: 'final',
    };
  }
  // The receiver checks the timestamp against its own clock (5 minutes of skew), so it is real time even
  // when the sandbox clock has been moved.
  const timestamp = Math.floor(Date.now() / 1000);
  try {
    const response = await request(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'paybank-webhooks/1',
        ...webhookHeaders(target.secrets, event.id, timestamp, event.payload),
      },
      body: event.payload,
      dispatcher: webhookAgent(options.allowPrivate),
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
    await response.body.dump({ limit: MAX_RESPONSE_READ });
    const status = response.statusCode;
    if (status >= 200 && status < 300)
      return { statusCode: status, latencyMs: elapsed(), error: null, verdict: 'delivered' };
    return {
      statusCode: status,
      latencyMs: elapsed(),
      error: status >= 300 && status < 400 ? 'redirects are not followed' : null,
      verdict: status >= 500 ? 'retryable' : 'final',
    };
  } catch (err) {
    return {
      statusCode: null,
      latencyMs: elapsed(),
      error: describe(err),
      verdict: isPrivateTarget(err) ? 'final' : 'retryable',
    };
  }
}
