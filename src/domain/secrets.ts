// Secrets are stored only as SHA-256 hashes and compared in constant time.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Compares a presented secret with a stored hash; a missing record still costs one comparison. */
export function secretMatches(presented: string, storedHash: string | undefined): boolean {
  const presentedHash = hashSecret(presented);
  return sameHash(presentedHash, storedHash ?? DUMMY_HASH) && storedHash !== undefined;
}

const DUMMY_HASH = hashSecret('no such credential');

/** A Standard Webhooks signing secret: `whsec_` + base64 of 24 random bytes. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}
