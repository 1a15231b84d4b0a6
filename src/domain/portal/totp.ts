// Time-based one-time passwords (RFC 6238) through otpauth, and the QR code of their otpauth:// URI.
import { Secret, TOTP } from 'otpauth';

const ISSUER = 'paybank';

function totpOf(secret: string, label = 'portal'): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secret),
  });
}

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI an authenticator app reads from the QR code. */
export function totpUri(secret: string, email: string): string {
  return totpOf(secret, email).toString();
}

/** One period either side is accepted: phones' clocks drift. */
export function totpMatches(secret: string, code: string, now: Date): boolean {
  if (!/^[0-9]{6}$/.test(code)) return false;
  return totpOf(secret).validate({ token: code, timestamp: now.getTime(), window: 1 }) !== null;
}

/** The code for `now` (used by tests and nothing else in the service). */
export function totpCode(secret: string, now: Date): string {
  return totpOf(secret).generate({ timestamp: now.getTime() });
}
