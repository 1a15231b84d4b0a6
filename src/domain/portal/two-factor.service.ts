// Turning on TOTP two-factor sign-in: a secret shown as a QR code, confirmed by a first code, and ten
// recovery codes shown once.
// The TOTP secret must be readable to check codes, so it cannot be hashed: it is stored sealed
// (AES-256-GCM, secret-box.ts) like webhook secrets, and opened only to check a code.
import type { Deps } from '../../context.js';
import { withTransaction } from '../../store/transaction.js';
import { invalid, notFound } from '../errors.js';
import { hashSecret } from '../secrets.js';
import { recordAudit } from './audit.js';
import type { PortalUser } from './portal-user.js';
import * as repo from './portal-user.repository.js';
import { newRecoveryCodes } from './recovery-codes.js';
import { newTotpSecret, totpStep, totpUri } from './totp.js';

async function userRow(deps: Deps, user: PortalUser) {
  const row = await repo.findUserById(deps.db, user.id);
  if (!row) throw notFound('user');
  return row;
}

/** The pending secret to scan (a new one unless one is already pending). */
export async function startTwoFactor(deps: Deps, user: PortalUser): Promise<{ secret: string; uri: string }> {
  const row = await userRow(deps, user);
  const secret = row.totp_pending_secret ? deps.secrets.open(row.totp_pending_secret) : newTotpSecret();
  if (!row.totp_pending_secret)
    await repo.updateUser(deps.db, user.id, {
      totp_pending_secret: deps.secrets.seal(secret),
      updated_at: deps.clock.now().toISOString(),
    });
  return { secret, uri: totpUri(secret, row.email) };
}

/** Confirms the pending secret with a code from the app; answers the recovery codes, once. */
export async function confirmTwoFactor(
  deps: Deps,
  user: PortalUser,
  code: string,
  ip: string,
): Promise<{ recoveryCodes: string[] }> {
  const row = await userRow(deps, user);
  const secret = row.totp_pending_secret ? deps.secrets.open(row.totp_pending_secret) : undefined;
  const step = secret ? totpStep(secret, code.replace(/\s+/g, ''), deps.clock.now()) : undefined;
  if (step === undefined) throw invalid('/code', 'is not the code the app shows now');
  const recoveryCodes = newRecoveryCodes();
  await withTransaction(deps, async (tx) => {
    const now = deps.clock.now();
    await repo.updateUser(tx.db, user.id, {
      totp_secret: row.totp_pending_secret,
      totp_pending_secret: null,
      // The confirming code is used: it cannot also sign in.
      totp_last_step: step,
      updated_at: now.toISOString(),
    });
    await repo.replaceRecoveryCodes(tx.db, user.id, recoveryCodes.map(hashSecret));
    await recordAudit(tx.db, now, {
      partnerId: user.partnerId,
      actor: user.email,
      action: 'two_factor_on',
      ip,
    });
  });
  return { recoveryCodes };
}

export async function recoveryCodesLeft(deps: Deps, user: PortalUser): Promise<number> {
  return repo.countRecoveryCodes(deps.db, user.id);
}
