// The security headers of every answer, computed once at start: @fastify/helmet built and set them anew
// on each request (3-7% of a request's CPU, issue 14). The same values as helmet's defaults, except that
// upgrade-insecure-requests and HSTS, which make a browser fetch every asset over https, are sent only
// when the service is reached over https (on a plain-http host /docs was blank).
// test/http/core/security-headers.test.ts compares them with what helmet sends.
import type { FastifyInstance } from 'fastify';

const POLICY = [
  "default-src 'self'",
  "base-uri 'self'",
  "font-src 'self' https: data:",
  "form-action 'self'",
  "frame-ancestors 'self'",
  "img-src 'self' data:",
  "object-src 'none'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' https: 'unsafe-inline'",
];

export function securityHeaders(https: boolean): Record<string, string> {
  return {
    'content-security-policy': [...POLICY, ...(https ? ['upgrade-insecure-requests'] : [])].join(';'),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    ...(https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
}

/**
 * Sets the headers on every answer, as helmet did, before any route (which may still replace the CSP).
 * They go with Fastify's own headers, not on the raw response: a response with no header of its own
 * writes them all in one pass (Node's setHeader checked and stored each one again).
 */
export function useSecurityHeaders(app: FastifyInstance, https: boolean): void {
  const headers = securityHeaders(https);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
