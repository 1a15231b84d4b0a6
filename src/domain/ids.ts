// Object-id shaped identifiers: 24 lowercase hex characters from 12 random bytes (never sequential).
import { randomFillSync, randomUUID } from 'node:crypto';
import { issued } from './secrets.js';

export const ID_PATTERN = '^[0-9a-f]{24}$';
const ID_RE = new RegExp(ID_PATTERN);

// Random bytes drawn from the CSPRNG 4 KiB at a time and handed out once each: a create makes several
// ids and a token, and a call into OpenSSL for each 12 bytes was 5% of its CPU (randomUUID pools alike).
const POOL = Buffer.alloc(4096);
let used = POOL.length;

function randomSlice(bytes: number): Buffer {
  if (bytes > POOL.length) return randomFillSync(Buffer.alloc(bytes));
  if (used + bytes > POOL.length) {
    randomFillSync(POOL);
    used = 0;
  }
  const slice = POOL.subarray(used, used + bytes);
  used += bytes;
  return slice;
}

export function newId(): string {
  return randomSlice(12).toString('hex');
}

export function isId(value: unknown): value is string {
  return typeof value === 'string' && ID_RE.test(value);
}

/** A secret shown once to its owner (UUID v4). */
export function newSecret(): string {
  return issued(randomUUID());
}

/** An unguessable token for links (payment links, return states). */
export function newToken(bytes = 24): string {
  return randomSlice(bytes).toString('base64url');
}
