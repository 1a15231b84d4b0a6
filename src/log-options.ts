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

/** Path parameters whose value is a credential, in any route that names one so. */
const SECRET_PARAMS = new Set(['token', 'state', 'code', 'file']);

/**
 * Paths with a credential part, for requests no route matched (no parameters then): QR images of links,
 * officers' verification links, bank-connection pickers.
 */
const SECRET_PATH_PARTS: RegExp[] = [
  /^(\/public\/v1\/qr\/)[^/]+/,
  /^(\/public\/v1\/verification\/)[^/]+/,
  /^(\/public\/v1\/bank-accounts\/connect\/)[^/]+/,
];

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

function redactParams(path: string, params: unknown): string {
  if (!params || typeof params !== 'object') return path;
  let parts: string[] | undefined;
  for (const [name, value] of Object.entries(params)) {
    if (!SECRET_PARAMS.has(name) || typeof value !== 'string' || value === '') continue;
    parts ??= path.split('/');
    for (let i = 0; i < parts.length; i++) {
      let part = parts[i] as string;
      try {
        part = decodeURIComponent(part);
      } catch {
        // compared as written
      }
      if (part.includes(value)) parts[i] = REDACTED;
    }
  }
  return parts ? parts.join('/') : path;
}

/** The URL as it may be logged: credential path parts and query values replaced by `[redacted]`. */
export function redactUrl(url: string, params?: unknown): string {
  const q = url.indexOf('?');
  let path = redactParams(q === -1 ? url : url.slice(0, q), params);
  // Every request is logged: the patterns, all under /public/, are not tried on the others.
  if (path.startsWith('/public/')) {
    for (const pattern of SECRET_PATH_PARTS) path = path.replace(pattern, `$1${REDACTED}`);
  }
  return q === -1 ? path : `${path}?${redactQuery(url.slice(q + 1))}`;
}

interface LoggedRequest {
  method: string;
  url: string;
  params?: unknown;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
}

/** Fastify's request serializer with the URL redacted. */
export function serializeRequest(req: LoggedRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url, req.params),
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
