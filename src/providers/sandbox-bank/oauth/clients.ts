// The sandbox bank's OAuth clients: who may call it, with which secret, back to which redirect URIs.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { SandboxBankClient, SandboxBankOptions } from '../sandbox-bank.js';

const digest = (value: string) => createHash('sha256').update(value).digest();

export function findClient(options: SandboxBankOptions, clientId: string): SandboxBankClient | undefined {
  return options.clients.find((c) => c.id === clientId);
}

/** The client when the secret is its own (compared in constant time), else undefined. */
export function authenticateClient(
  options: SandboxBankOptions,
  clientId: string,
  secret: string,
): SandboxBankClient | undefined {
  const client = findClient(options, clientId);
  const expected = digest(client?.secret ?? '');
  const ok = timingSafeEqual(digest(secret), expected);
  return client && ok ? client : undefined;
}

/** Client credentials from HTTP Basic (client_secret_basic) or the form (client_secret_post). */
export function credentialsOf(
  authorization: string | undefined,
  form: Record<string, unknown>,
): { clientId: string; secret: string } | undefined {
  if (authorization?.startsWith('Basic ')) {
    const decoded = Buffer.from(authorization.slice(6), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) return undefined;
    try {
      return {
        clientId: decodeURIComponent(decoded.slice(0, colon)),
        secret: decodeURIComponent(decoded.slice(colon + 1)),
      };
    } catch {
      return undefined;
    }
  }
  if (typeof form.client_id === 'string' && typeof form.client_secret === 'string') {
    return { clientId: form.client_id, secret: form.client_secret };
  }
  return undefined;
}

/** Exact origin, and a path under the registered prefix's path: no look-alike hosts or ports. */
export function redirectAllowed(client: SandboxBankClient, redirectUri: string): boolean {
  let target: URL;
  try {
    target = new URL(redirectUri);
  } catch {
    return false;
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return false;
  if (target.username || target.password || target.hash) return false;
  return client.redirectUriPrefixes.some((prefix) => {
    const allowed = new URL(prefix);
    const path = allowed.pathname.endsWith('/') ? allowed.pathname : `${allowed.pathname}/`;
    return (
      target.origin === allowed.origin &&
      (allowed.pathname === '/' || target.pathname === allowed.pathname || target.pathname.startsWith(path))
    );
  });
}
