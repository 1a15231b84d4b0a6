// Secrets the service must use again (webhook signing secrets) are stored encrypted: AES-256-GCM with a
// key that never enters the database. A sealed value names its key, so a rotated key can still open
// what the previous one sealed until everything is sealed again under the new one.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** A secret as stored: `pbenc:v1:<key id>:<base64url of iv | tag | ciphertext>`. Only seal() makes one. */
export type Sealed = string & { readonly __sealed: unique symbol };

export const SEALED_PREFIX = 'pbenc:v1:';
const PREFIX = SEALED_PREFIX;
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class SecretBoxError extends Error {
  override name = 'SecretBoxError';
}

/** The 8-hex id a sealed value carries to name its key (a digest: it reveals nothing of the key). */
export function keyIdOf(key: Buffer): string {
  return createHash('sha256').update('paybank secrets key id\0').update(key).digest('hex').slice(0, 8);
}

/** Parses a 32-byte key written as base64 (44 characters) or hex (64); undefined if it is neither. */
export function parseKey(text: string): Buffer | undefined {
  const value = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) {
    const key = Buffer.from(value, value.includes('-') || value.includes('_') ? 'base64url' : 'base64');
    return key.length === 32 ? key : undefined;
  }
  return undefined;
}

export class SecretBox {
  readonly currentKeyId: string;
  private readonly keys = new Map<string, Buffer>();

  /** `current` seals; `previous` keys (a rotation under way) only open. */
  constructor(current: Buffer, previous: Buffer[] = []) {
    for (const key of [current, ...previous]) {
      if (key.length !== 32) throw new SecretBoxError('a secrets key is 32 bytes');
      this.keys.set(keyIdOf(key), key);
    }
    this.currentKeyId = keyIdOf(current);
  }

  seal(plain: string): Sealed {
    const key = this.keys.get(this.currentKeyId) as Buffer;
    const iv = randomBytes(IV_BYTES);
    const header = `${PREFIX}${this.currentKeyId}:`;
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(Buffer.from(header));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `${header}${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}` as Sealed;
  }

  /** The clear secret. A value stored before encryption existed is clear text and answered as is. */
  open(stored: string): string {
    if (!isSealed(stored)) return stored;
    const keyId = stored.slice(PREFIX.length, PREFIX.length + 8);
    const key = this.keys.get(keyId);
    if (!key) throw new SecretBoxError(`no secrets key with id ${keyId} (SECRETS_KEY_PREVIOUS?)`);
    const header = stored.slice(0, PREFIX.length + 9);
    const raw = Buffer.from(stored.slice(header.length), 'base64url');
    if (raw.length < IV_BYTES + TAG_BYTES) throw new SecretBoxError('a sealed secret is truncated');
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(header));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    try {
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
        'utf8',
      );
    } catch {
      throw new SecretBoxError(`a sealed secret does not open with key ${keyId}`);
    }
  }

  /** Whether a stored value must be sealed (again): clear text, or sealed under an older key. */
  needsSealing(stored: string): boolean {
    return !stored.startsWith(`${PREFIX}${this.currentKeyId}:`);
  }
}

export function isSealed(stored: string): stored is Sealed {
  return stored.startsWith(PREFIX);
}
