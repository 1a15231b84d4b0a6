// What the request log may say about a request. Links, OAuth returns and verification pages carry their
// credentials in the URL itself, so the logged URL is redacted as the credential headers are.
import type { FastifyServerOptions } from 'fastify';

export const REDACTED = '[redacted]';

/**
 * Query parameters whose value is a credential: the link token of `/p?=`, `/rp?=` and `/rf?=` (an empty
 * name) or `?token=`, OAuth and OpenID Connect returns (`code`, `state`, `id_token`, tokens) and the
 * signed request object of an authorisation URL (it holds `state` and `nonce`).
 */
const SECRET_QUERY_NAMES = new Set([
  '',
  'token',
  'code',
  'state',
  'id_token',
  'access_token',
  'refresh_token',
  'request',
  'nonce',
  'client_secret',
  'client_assertion',
]);

/** Paths whose last part is a credential: QR images of links and officers' verification links. */
const SECRET_PATH_PARTS: RegExp[] = [/^(\/public\/v1\/qr\/)[^/]+/, /^(\/public\/v1\/verification\/)[^/]+/];

function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq === -1 ? pair : pair.slice(0, eq);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // a malformed escape: judged by its raw text
      }
      // A bare `?<token>` (no `=`) may be a token as well as `?=<token>`.
      if (eq === -1) return pair === '' ? pair : REDACTED;
      return SECRET_QUERY_NAMES.has(name.toLowerCase()) ? `${rawName}=${REDACTED}` : pair;
    })
    .join('&');
}

/** The URL as it may be logged: credential path parts and query values replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  let path = q === -1 ? url : url.slice(0, q);
  for (const pattern of SECRET_PATH_PARTS) path = path.replace(pattern, `$1${REDACTED}`);
  return q === -1 ? path : `${path}?${redactQuery(url.slice(q + 1))}`;
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
}

/** Fastify's request serializer with the URL redacted. */
export function serializeRequest(req: LoggedRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/** The pino options of every Fastify app of the project: credential headers and URL parts redacted. */
export function loggerOptions(level: string): NonNullable<FastifyServerOptions['logger']> & object {
  return {
    level,
    redact: [
      'req.headers.apisecret',
      'req.headers["secret-key"]',
      'req.headers["terminal-secret"]',
      'req.headers.authorization',
    ],
    serializers: { req: serializeRequest },
  };
}
