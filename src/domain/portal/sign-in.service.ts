// Signing in to the portal: password, then (when turned on) a TOTP or recovery code. Each step that
// succeeds starts a new session with a new id, so that an id planted before sign-in is worth nothing
// (no fixation). Failed attempts are counted per client address and per account, in the database so
// that the limits hold across processes; over a limit, even a right password is refused.
import type { Deps } from '../../context.js';
import { withTransaction } from '../../store/transaction.js';
import { newToken } from '../ids.js';
import { hashSecret } from '../secrets.js';
import { recordAudit } from './audit.js';
import { verifyPassword } from './password.js';
import * as sessions from './portal-session.repository.js';
import type { PortalUser } from './portal-user.js';
import * as repo from './portal-user.repository.js';
import { normaliseRecoveryCode } from './recovery-codes.js';
import { totpStep } from './totp.js';

export const FAILURE_WINDOW_MS = 15 * 60_000;
export const MAX_FAILURES_PER_ACCOUNT = 10;
export const MAX_FAILURES_PER_ADDRESS = 20;
/** A sign-in unused for this long ends. */
export const IDLE_MS = 30 * 60_000;
/** And none lasts longer than this, used or not. */
export const MAX_SESSION_MS = 12 * 3600_000;
/** last_seen_at is written at most this often: not one write per page. */
const TOUCH_MS = 60_000;

export type SignInResult =
  | { kind: 'signed_in'; sessionToken: string }
  | { kind: 'needs_code'; sessionToken: string }
  | { kind: 'wrong' }
  | { kind: 'limited'; retryAfterSeconds: number };

export interface PortalSession {
  user: PortalUser;
  stage: 'password' | 'signed_in';
  tokenHash: string;
}

const addressKey = (ip: string) => `address:${ip}`;
const accountKey = (email: string) => `account:${email}`;

async function limited(deps: Deps, ip: string, email: string): Promise<number | undefined> {
  const since = new Date(deps.clock.now().getTime() - FAILURE_WINDOW_MS).toISOString();
  const [byAddress, byAccount] = await Promise.all([
    sessions.countFailuresSince(deps.db, addressKey(ip), since),
    sessions.countFailuresSince(deps.db, accountKey(email), since),
  ]);
  if (byAddress >= MAX_FAILURES_PER_ADDRESS || byAccount >= MAX_FAILURES_PER_ACCOUNT)
    return FAILURE_WINDOW_MS / 1000;
  return undefined;
}

async function startSession(deps: Deps, userId: string, stage: PortalSession['stage']): Promise<string> {
  const token = newToken(32);
  const now = deps.clock.now().toISOString();
  await sessions.insertSession(deps.db, {
    id_hash: hashSecret(token),
    user_id: userId,
    stage,
    created_at: now,
    last_seen_at: now,
  });
  return token;
}

async function fail(deps: Deps, ip: string, email: string, partnerId: string | undefined, action: string) {
  const now = deps.clock.now();
  await withTransaction(deps, async (tx) => {
    await sessions.recordFailure(tx.db, [addressKey(ip), accountKey(email)], now.toISOString());
    if (partnerId) await recordAudit(tx.db, now, { partnerId, actor: email, action, ip });
  });
}

/** `previous`: the session the browser already had, ended when the new one starts. */
export async function signInWithPassword(
  deps: Deps,
  input: { email: string; password: string; ip: string; previous?: PortalSession | undefined },
): Promise<SignInResult> {
  const email = input.email.trim().toLowerCase().slice(0, 254);
  const retryAfterSeconds = await limited(deps, input.ip, email);
  if (retryAfterSeconds) return { kind: 'limited', retryAfterSeconds };
  const row = await repo.findUserByEmail(deps.db, email);
  if (!(await verifyPassword(input.password, row?.password_hash)) || !row) {
    await fail(deps, input.ip, email, row?.partner_id, 'sign_in_failed');
    return { kind: 'wrong' };
  }
  await sessions.clearFailures(deps.db, accountKey(email));
  if (input.previous) await sessions.deleteSession(deps.db, input.previous.tokenHash);
  if (row.totp_secret)
    return { kind: 'needs_code', sessionToken: await startSession(deps, row.id, 'password') };
  await recordAudit(deps.db, deps.clock.now(), {
    partnerId: row.partner_id,
    actor: row.email,
    action: 'sign_in',
    ip: input.ip,
  });
  return { kind: 'signed_in', sessionToken: await startSession(deps, row.id, 'signed_in') };
}

/** The second step: a TOTP code or an unused recovery code. The half-way session is replaced. */
export async function signInWithCode(
  deps: Deps,
  session: PortalSession,
  input: { code: string; ip: string },
): Promise<SignInResult> {
  const { user } = session;
  const retryAfterSeconds = await limited(deps, input.ip, user.email);
  if (retryAfterSeconds) return { kind: 'limited', retryAfterSeconds };
  const row = await repo.findUserById(deps.db, user.id);
  const code = input.code.replace(/\s+/g, '');
  const step = row?.totp_secret
    ? totpStep(deps.secrets.open(row.totp_secret), code, deps.clock.now())
    : undefined;
  // A code already used (this one, or one of a later step) is refused like a wrong one.
  const byTotp = row && step !== undefined ? await repo.useTotpStep(deps.db, row.id, step) : false;
  const byRecovery =
    !byTotp && row
      ? await repo.useRecoveryCode(deps.db, row.id, hashSecret(normaliseRecoveryCode(code)))
      : false;
  if (!row || (!byTotp && !byRecovery)) {
    await fail(deps, input.ip, user.email, user.partnerId, 'sign_in_code_failed');
    return { kind: 'wrong' };
  }
  await sessions.clearFailures(deps.db, accountKey(user.email));
  await sessions.deleteSession(deps.db, session.tokenHash);
  await recordAudit(deps.db, deps.clock.now(), {
    partnerId: user.partnerId,
    actor: user.email,
    action: byRecovery ? 'sign_in_recovery_code' : 'sign_in',
    ip: input.ip,
  });
  return { kind: 'signed_in', sessionToken: await startSession(deps, row.id, 'signed_in') };
}

/** The session a cookie names, if it is live; an idle or too old one is ended here. */
export async function sessionOf(deps: Deps, token: string | undefined): Promise<PortalSession | undefined> {
  if (!token || token.length > 100) return undefined;
  const tokenHash = hashSecret(token);
  const row = await sessions.findSession(deps.db, tokenHash);
  if (!row) return undefined;
  const now = deps.clock.now().getTime();
  const idle = now - Date.parse(row.last_seen_at) > IDLE_MS;
  const old = now - Date.parse(row.session_created_at) > MAX_SESSION_MS;
  if (idle || old) {
    await sessions.deleteSession(deps.db, tokenHash);
    return undefined;
  }
  if (now - Date.parse(row.last_seen_at) > TOUCH_MS)
    await sessions.touchSession(deps.db, tokenHash, new Date(now).toISOString());
  const stage = row.stage === 'signed_in' ? 'signed_in' : 'password';
  return { user: repo.toPortalUser(row), stage, tokenHash };
}

export async function signOut(deps: Deps, session: PortalSession, ip: string): Promise<void> {
  await sessions.deleteSession(deps.db, session.tokenHash);
  if (session.stage === 'signed_in')
    await recordAudit(deps.db, deps.clock.now(), {
      partnerId: session.user.partnerId,
      actor: session.user.email,
      action: 'sign_out',
      ip,
    });
}
