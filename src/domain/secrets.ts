// Secrets are stored only as SHA-256 hashes and compared in constant time.
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash, hash, randomBytes, timingSafeEqual } from 'node:crypto';

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Compares a presented secret with a stored hash; a missing record still costs one comparison. It runs on
 * every authenticated call: the presented secret's digest is compared as bytes, not made hex and back.
 */
export function secretMatches(presented: string, storedHash: string | undefined): boolean {
  const presentedDigest = hash('sha256', presented, 'buffer');
  const stored = Buffer.from(storedHash ?? DUMMY_HASH, 'hex');
  return (
    stored.length === presentedDigest.length &&
    timingSafeEqual(presentedDigest, stored) &&
    storedHash !== undefined
  );
}

const DUMMY_HASH = hashSecret('no such credential');

/** A Standard Webhooks signing secret: `whsec_` + base64 of 24 random bytes. */
export function newWebhookSecret(): string {
  return issued(`whsec_${randomBytes(24).toString('base64')}`);
}

// Every secret the service issues passes through issued(): whoever keeps a copy of an answer (the
// Idempotency-Key store) learns which strings it must not keep, whatever the field that carries them.
const issuedInScope = new AsyncLocalStorage<Set<string>>();

/** Notes a newly issued secret in the current scope (see withIssuedSecrets) and returns it. */
export function issued(secret: string): string {
  issuedInScope.getStore()?.add(secret);
  return secret;
}

/** Runs fn and collects the secrets issued inside it. */
export async function withIssuedSecrets<T>(
  fn: () => Promise<T>,
): Promise<{ result: T; secrets: Set<string> }> {
  const secrets = new Set<string>();
  const result = await issuedInScope.run(secrets, fn);
  return { result, secrets };
}
