// An officer's identity verification, from the link's page (start, then the identity check's outcome)
// or from the sandbox control. The identity check itself belongs to an identity-verification provider,
// which this project does not integrate: only the sandbox decides outcomes (pass or fail).
// Every officer move queues officer_verification_status_update; the company's status follows its
// officers (company-status.ts) and each company move queues company_verification_status_update.
import type { Deps } from '../../context.js';
import { withTransaction } from '../../store/transaction.js';
import { invalidState, notFound } from '../errors.js';
import { isId } from '../ids.js';
import { hashSecret } from '../secrets.js';
import type { Company } from './company.js';
import { getCompany, lockCompany, moveCompany } from './company.service.js';
import { recordOfficerStatusChange } from './company-events.js';
import { assertOfficerTransition, statusFromOfficers } from './company-status.js';
import type { Officer, OfficerStatus, VerificationOutcome } from './officer.js';
import * as repo from './officer.repository.js';

export interface OfficerVerification {
  officer: Officer;
  company: Company;
}

// newToken(24) is 32 base64url characters; anything far from that shape names no officer.
const TOKEN_RE = /^[A-Za-z0-9_-]{16,64}$/;

async function officerRowByToken(deps: Deps, token: string) {
  return TOKEN_RE.test(token) ? repo.findOfficerRowByTokenHash(deps.db, hashSecret(token)) : undefined;
}

/** The officer a verification link names, with its company; undefined for an unknown link. */
export async function officerByLink(deps: Deps, token: string): Promise<OfficerVerification | undefined> {
  const row = await officerRowByToken(deps, token);
  const company = row ? await getCompany(deps, row.company_id) : undefined;
  return row && company ? { officer: repo.toOfficer(row), company } : undefined;
}

const OUTCOME_STATUS: Record<VerificationOutcome, OfficerStatus> = {
  pass: 'active',
  fail: 'rejected_with_retry_allowed',
};

/** Moves one officer, then the company to the status its officers now give. Inside a transaction. */
async function moveOfficer(
  deps: Deps,
  state: OfficerVerification,
  to: OfficerStatus,
  action: string,
): Promise<OfficerVerification> {
  const { officer } = state;
  if (state.company.status === 'banned') throw invalidState('company', 'banned', [], action);
  assertOfficerTransition(officer.status, to, action);
  const now = deps.clock.now();
  // The company row is locked, so the officer cannot have moved since it was read.
  await repo.moveOfficer(deps.db, officer.id, officer.status, to, now.toISOString());
  const moved: Officer = { ...officer, status: to, updatedAt: now.toISOString() };
  await recordOfficerStatusChange(deps.db, now, state.company, moved);
  const statuses = (await repo.listOfficerRows(deps.db, [state.company.id])).map(
    (row) => row.status as OfficerStatus,
  );
  const companyStatus = statusFromOfficers(statuses);
  const company =
    companyStatus === state.company.status
      ? state.company
      : await moveCompany(deps, state.company, companyStatus, officer.id, action);
  return { officer: moved, company };
}

/** Locks the officer's company and reads the officer again, so that concurrent moves queue up. */
async function lockedOfficer(deps: Deps, companyId: string, officerId: string): Promise<OfficerVerification> {
  const company = await lockCompany(deps, companyId);
  const row = await repo.findOfficerRow(deps.db, companyId, officerId);
  if (!row) throw notFound('officer');
  return { officer: repo.toOfficer(row), company };
}

/** The officer opened their link and starts (or, after a failure, retries) the identity check. */
export async function startVerification(deps: Deps, token: string): Promise<OfficerVerification> {
  const row = await officerRowByToken(deps, token);
  if (!row) throw notFound('verification link');
  return withTransaction(deps, async (tx) => {
    const state = await lockedOfficer(tx, row.company_id, row.id);
    return moveOfficer(tx, state, 'started_verification', 'start verification of');
  });
}

/** The identity check's outcome for an officer who started it (sandbox: the page's Pass / Fail). */
export async function completeVerification(
  deps: Deps,
  token: string,
  outcome: VerificationOutcome,
): Promise<OfficerVerification> {
  const row = await officerRowByToken(deps, token);
  if (!row) throw notFound('verification link');
  return withTransaction(deps, async (tx) => {
    const state = await lockedOfficer(tx, row.company_id, row.id);
    return moveOfficer(tx, state, OUTCOME_STATUS[outcome], `${outcome} verification of`);
  });
}

/**
 * Sandbox control (API.md 9.1): the officer starts, if they have not, and the check passes or fails,
 * as the page's buttons would do.
 */
export async function decideVerification(
  deps: Deps,
  companyId: string,
  officerId: string,
  outcome: VerificationOutcome,
): Promise<OfficerVerification> {
  if (!isId(companyId) || !isId(officerId)) throw notFound('officer');
  return withTransaction(deps, async (tx) => {
    let state = await lockedOfficer(tx, companyId, officerId);
    if (
      state.officer.status === 'pending_verification' ||
      state.officer.status === 'rejected_with_retry_allowed'
    ) {
      state = await moveOfficer(tx, state, 'started_verification', 'start verification of');
    }
    return moveOfficer(tx, state, OUTCOME_STATUS[outcome], `${outcome} verification of`);
  });
}
