// Inviting people to a partner's portal: by the operator (the first user) or by an owner or admin.
// The invitee gets an e-mail with a one-time link where they choose their password.
import type { Deps } from '../../context.js';
import { withTransaction } from '../../store/transaction.js';
import { DomainError, invalid, notFound } from '../errors.js';
import { newId } from '../ids.js';
import { recordEmail } from '../mail/outbox-mail.js';
import { getPartner } from '../partners/partner.service.js';
import { recordAudit } from './audit.js';
import { hashPassword, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './password.js';
import { consumeLink, issueLink, userOfLink } from './portal-links.js';
import { canManageRole, isRole, type PortalUser, type Role } from './portal-user.js';
import * as repo from './portal-user.repository.js';

/** Who does it: the operator, or a signed-in user of the partner. */
export type Actor = { kind: 'operator' } | { kind: 'user'; user: PortalUser; ip?: string };

export const actorName = (actor: Actor) => (actor.kind === 'operator' ? 'operator' : actor.user.email);

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function normaliseEmail(field: string, email: string): string {
  const value = email.trim().toLowerCase();
  if (value.length > 254 || !EMAIL_RE.test(value)) throw invalid(field, 'must be an e-mail address');
  return value;
}

export function checkPassword(field: string, password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH)
    throw invalid(field, `must be at least ${MIN_PASSWORD_LENGTH} characters`);
  if (password.length > MAX_PASSWORD_LENGTH)
    throw invalid(field, `must be at most ${MAX_PASSWORD_LENGTH} characters`);
}

export async function inviteUser(
  deps: Deps,
  partnerId: string,
  input: { email: string; role: string },
  actor: Actor,
): Promise<{ user: PortalUser; inviteUrl: string }> {
  const partner = await getPartner(deps, partnerId);
  const email = normaliseEmail('/email', input.email);
  if (!isRole(input.role)) throw invalid('/role', 'must be one of owner, admin, developer, viewer');
  const role: Role = input.role;
  if (actor.kind === 'user' && (actor.user.partnerId !== partnerId || !canManageRole(actor.user.role, role)))
    throw new DomainError('forbidden', `a ${actor.user.role} cannot invite a ${role}`);
  return withTransaction(deps, async (tx) => {
    const existing = await repo.findUserByEmail(tx.db, email);
    // A pending invitation of this partner is sent again (with a new link); anyone else is refused.
    if (existing && (existing.partner_id !== partnerId || existing.password_hash !== null))
      throw new DomainError('invalid_state', 'this e-mail address already has a portal account');
    const now = deps.clock.now().toISOString();
    const row = existing
      ? { ...existing, role, updated_at: now }
      : {
          id: newId(),
          partner_id: partnerId,
          email,
          role,
          password_hash: null,
          totp_secret: null,
          totp_pending_secret: null,
          totp_last_step: null,
          invited_by: actorName(actor),
          created_at: now,
          updated_at: now,
        };
    if (existing) await repo.updateUser(tx.db, row.id, { role, updated_at: now });
    else await repo.insertUser(tx.db, row);
    const inviteUrl = await issueLink(tx, row.id, 'invite');
    await recordEmail(tx.db, deps.clock.now(), {
      to: [email],
      subject: `You are invited to the ${partner.name.replace(/[\r\n]+/g, ' ')} portal`,
      text: [
        `Hello,`,
        '',
        `${actorName(actor) === 'operator' ? 'The paybank operator' : actorName(actor)} invited you to the payment portal of ${partner.name}, as ${role}.`,
        'Choose your password at this link (it works once, for 7 days):',
        '',
        inviteUrl,
      ].join('\n'),
    });
    await recordAudit(tx.db, deps.clock.now(), {
      partnerId,
      actor: actorName(actor),
      action: 'user_invited',
      target: `${email} (${role})`,
      ip: actor.kind === 'user' ? (actor.ip ?? null) : null,
    });
    return { user: repo.toPortalUser(row), inviteUrl };
  });
}

/** The invitee's first password: the link is used up and the account becomes active. */
export async function acceptInvitation(deps: Deps, token: string, password: string): Promise<PortalUser> {
  checkPassword('/password', password);
  const passwordHash = await hashPassword(password);
  return withTransaction(deps, async (tx) => {
    const row = await userOfLink(tx, token, 'invite');
    if (!row || !(await consumeLink(tx, token))) throw notFound('invitation');
    const now = deps.clock.now();
    await repo.updateUser(tx.db, row.id, { password_hash: passwordHash, updated_at: now.toISOString() });
    await recordAudit(tx.db, now, {
      partnerId: row.partner_id,
      actor: row.email,
      action: 'invitation_accepted',
    });
    return repo.toPortalUser({ ...row, password_hash: passwordHash });
  });
}
