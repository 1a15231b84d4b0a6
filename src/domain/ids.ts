// Object-id shaped identifiers: 24 lowercase hex characters from 12 random bytes (never sequential).
import { randomBytes, randomUUID } from 'node:crypto';
import { issued } from './secrets.js';

export const ID_PATTERN = '^[0-9a-f]{24}$';
const ID_RE = new RegExp(ID_PATTERN);

export function newId(): string {
  return randomBytes(12).toString('hex');
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
  return randomBytes(bytes).toString('base64url');
}
