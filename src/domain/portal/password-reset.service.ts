// Password reset by e-mail: a one-time link valid for an hour. The answer never says whether the address
// has an account. A new password ends every sign-in of the account.
import type { Deps } from '../../context.js';
import { withTransaction } from '../../store/transaction.js';
import { notFound } from '../errors.js';
import { recordEmail } from '../mail/outbox-mail.js';
import { recordAudit } from './audit.js';
import { checkPassword } from './invitation.service.js';
import { hashPassword } from './password.js';
import { consumeLink, issueLink, userOfLink } from './portal-links.js';
import * as sessions from './portal-session.repository.js';
import * as repo from './portal-user.repository.js';

export async function requestPasswordReset(deps: Deps, email: string, ip: string): Promise<void> {
  const row = await repo.findUserByEmail(deps.db, email.trim().toLowerCase().slice(0, 254));
  // An invitation not yet accepted is answered by the invitation itself.
  if (!row || row.password_hash === null) return;
  await withTransaction(deps, async (tx) => {
    const url = await issueLink(tx, row.id, 'reset');
    await recordEmail(tx.db, deps.clock.now(), {
      to: [row.email],
      subject: 'Reset your portal password',
      text: [
        'Hello,',
        '',
        'Someone asked to reset the password of your payment portal account.',
        'Choose a new password at this link (it works once, for one hour):',
        '',
        url,
        '',
        'If it was not you, ignore this e-mail: your password stays as it is.',
      ].join('\n'),
    });
    await recordAudit(tx.db, deps.clock.now(), {
      partnerId: row.partner_id,
      actor: row.email,
      action: 'password_reset_requested',
      ip,
    });
  });
}

export async function resetPassword(deps: Deps, token: string, password: string, ip: string): Promise<void> {
  checkPassword('/password', password);
  const passwordHash = await hashPassword(password);
  await withTransaction(deps, async (tx) => {
    const row = await userOfLink(tx, token, 'reset');
    if (!row || !(await consumeLink(tx, token))) throw notFound('password reset link');
    const now = deps.clock.now();
    await repo.updateUser(tx.db, row.id, { password_hash: passwordHash, updated_at: now.toISOString() });
    await sessions.deleteSessionsOfUser(tx.db, row.id);
    await recordAudit(tx.db, now, {
      partnerId: row.partner_id,
      actor: row.email,
      action: 'password_reset',
      ip,
    });
  });
}
