// One-time links e-mailed to a person: the invitation (set a first password) and the password reset.
// The link carries a random token; only its hash is stored, and it works once, until it expires.
import type { Deps } from '../../context.js';
import { newToken } from '../ids.js';
import { hashSecret } from '../secrets.js';
import * as repo from './portal-user.repository.js';

export type LinkPurpose = 'invite' | 'reset';

const LIFETIME_MS: Record<LinkPurpose, number> = {
  invite: 7 * 24 * 3600_000,
  reset: 3600_000,
};

const PATH: Record<LinkPurpose, string> = { invite: '/portal/invite', reset: '/portal/reset' };

/** Makes a link (replacing an older one of the same purpose) in the caller's transaction. */
export async function issueLink(deps: Deps, userId: string, purpose: LinkPurpose): Promise<string> {
  const token = newToken(32);
  const now = deps.clock.now();
  await repo.insertLink(deps.db, {
    token_hash: hashSecret(token),
    user_id: userId,
    purpose,
    expires_at: new Date(now.getTime() + LIFETIME_MS[purpose]).toISOString(),
    created_at: now.toISOString(),
  });
  return `${deps.config.publicUrl}${PATH[purpose]}/${token}`;
}

/** The user a live link belongs to, or undefined. */
export async function userOfLink(deps: Deps, token: string, purpose: LinkPurpose) {
  if (token.length > 100) return undefined;
  const link = await repo.findLink(deps.db, hashSecret(token), purpose, deps.clock.now().toISOString());
  return link ? repo.findUserById(deps.db, link.user_id) : undefined;
}

/** Uses the link up; false when another request used it first. */
export async function consumeLink(deps: Deps, token: string): Promise<boolean> {
  return repo.deleteLink(deps.db, hashSecret(token));
}
