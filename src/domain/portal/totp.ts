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

const PERIOD_MS = 30_000;

/**
 * The time step (30-second period since the epoch) the code belongs to, or undefined when it is not a
 * code of the secret now. One period either side is accepted: phones' clocks drift. The caller keeps
 * the step, so that a code cannot be used a second time (replay) while it is still current.
 */
export function totpStep(secret: string, code: string, now: Date): number | undefined {
  if (!/^[0-9]{6}$/.test(code)) return undefined;
  const delta = totpOf(secret).validate({ token: code, timestamp: now.getTime(), window: 1 });
  return delta === null ? undefined : Math.floor(now.getTime() / PERIOD_MS) + delta;
}

/** The code for `now` (used by tests and nothing else in the service). */
export function totpCode(secret: string, now: Date): string {
  return totpOf(secret).generate({ timestamp: now.getTime() });
}
