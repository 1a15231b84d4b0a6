// How a company's status moves (spec 3.5 names the states, API.md 7 lists them; the moves are ours).
// Outside `banned`, the status follows the identity verification of the company's officers:
//   pending_verification -> started_verification (an officer started) -> active (every officer passed)
//   started_verification -> rejected_with_retry_allowed (an officer failed) -> started_verification (retry)
// Any status -> banned (disable); banned -> the status its officers' verification gives (re-enable).
import { DomainError, invalidState } from '../errors.js';
import type { Company, CompanyStatus } from './company.js';
import type { OfficerStatus } from './officer.js';

export const COMPANY_TRANSITIONS: Record<CompanyStatus, readonly CompanyStatus[]> = {
  pending_verification: ['started_verification', 'banned'],
  started_verification: ['active', 'rejected_with_retry_allowed', 'banned'],
  rejected_with_retry_allowed: ['started_verification', 'banned'],
  active: ['banned'],
  banned: ['pending_verification', 'started_verification', 'active', 'rejected_with_retry_allowed'],
};

/** An officer starts (or retries) verification, then the identity check passes or fails. */
export const OFFICER_TRANSITIONS: Record<OfficerStatus, readonly OfficerStatus[]> = {
  pending_verification: ['started_verification'],
  rejected_with_retry_allowed: ['started_verification'],
  started_verification: ['active', 'rejected_with_retry_allowed'],
  active: [],
};

function allowedFrom<S extends string>(table: Record<S, readonly S[]>, to: S): S[] {
  return (Object.keys(table) as S[]).filter((from) => table[from].includes(to));
}

export function assertOfficerTransition(from: OfficerStatus, to: OfficerStatus, action: string): void {
  if (!OFFICER_TRANSITIONS[from].includes(to)) {
    throw invalidState('officer', from, allowedFrom(OFFICER_TRANSITIONS, to), action);
  }
}

export function assertCompanyTransition(from: CompanyStatus, to: CompanyStatus, action: string): void {
  if (!COMPANY_TRANSITIONS[from].includes(to)) {
    throw invalidState('company', from, allowedFrom(COMPANY_TRANSITIONS, to), action);
  }
}

/** The company status its officers' verification gives. */
export function statusFromOfficers(statuses: readonly OfficerStatus[]): CompanyStatus {
  if (statuses.length > 0 && statuses.every((s) => s === 'active')) return 'active';
  if (statuses.includes('rejected_with_retry_allowed')) return 'rejected_with_retry_allowed';
  if (statuses.includes('started_verification') || statuses.includes('active')) {
    return 'started_verification';
  }
  return 'pending_verification';
}

/** The officers' status when a company is created in `status` (an operator may create it verified). */
export function initialOfficerStatus(status: CompanyStatus): OfficerStatus {
  return status === 'active' ? 'active' : 'pending_verification';
}

/** Writes to a disabled company's resources are refused (API.md 1.1); reading stays open to its partner. */
export function assertCompanyNotBanned(company: Company): void {
  if (company.status === 'banned') throw new DomainError('forbidden', 'this company is disabled');
}

/**
 * A company takes payments only once every officer is verified (status `active`): before that, and
 * once disabled, its payment operations answer 403. Called by the payment services of every group.
 */
export function assertCompanyCanTakePayments(company: Company): void {
  if (company.status !== 'active') {
    throw new DomainError(
      'forbidden',
      company.status === 'banned'
        ? 'this company is disabled'
        : `this company cannot take payments until its officers are verified (status ${company.status})`,
    );
  }
}
