// Compact JWS with HS256 (OIDC allows a request object signed with the client secret): the adapter
// signs its authorisation requests, the sandbox bank verifies them. Constant-time comparison.
import { createHmac, timingSafeEqual } from 'node:crypto';

const b64 = (value: string | Buffer) => Buffer.from(value).toString('base64url');

function hmac(input: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(input).digest();
}

export function signHs256(claims: Record<string, unknown>, secret: string): string {
  const input = `${b64(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${b64(JSON.stringify(claims))}`;
  return `${input}.${b64(hmac(input, secret))}`;
}

/** The claims, or undefined when the token is malformed, not HS256 or not signed with this secret. */
export function verifyHs256(token: string, secret: string): Record<string, unknown> | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  const [header, payload, signature] = parts as [string, string, string];
  try {
    const alg = (JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: unknown }).alg;
    if (alg !== 'HS256') return undefined;
    const expected = hmac(`${header}.${payload}`, secret);
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    return typeof claims === 'object' && claims !== null && !Array.isArray(claims)
      ? (claims as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
