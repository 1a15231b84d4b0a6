// A failed call to a bank, as the domain sees it: a DomainError (so routes answer problem+json) with a
// reason a caller can act on (e.g. ask the customer to re-consent when the consent is no longer valid).
import { DomainError, type ErrorCode } from '../domain/errors.js';

export type BankErrorReason =
  /** Network error, time-out, 5xx or 429 after the retries, or an answer we cannot read. */
  | 'unavailable'
  /** The bank refused our client credentials: a configuration problem. */
  | 'unauthorized'
  /** The consent is not (or no longer) usable: rejected, consumed, revoked or expired. */
  | 'consent_invalid'
  /** The authorisation code was not accepted (used, expired, or for another redirect URI). */
  | 'authorisation_failed'
  /** The bank rejected the request's content. */
  | 'rejected_request'
  /** The bank's funds confirmation said the payer's account does not cover the payment. */
  | 'insufficient_funds'
  | 'not_found';

const CODES: Record<BankErrorReason, ErrorCode> = {
  unavailable: 'bank_unavailable',
  unauthorized: 'bank_unavailable',
  consent_invalid: 'invalid_state',
  authorisation_failed: 'validation_failed',
  rejected_request: 'validation_failed',
  insufficient_funds: 'validation_failed',
  not_found: 'not_found',
};

export class BankError extends DomainError {
  constructor(
    readonly reason: BankErrorReason,
    message: string,
    /** The bank's HTTP status, when it answered. */
    readonly status?: number,
    /** The bank's own error code (e.g. UK.OBIE.Resource.InvalidConsentStatus). */
    readonly bankCode?: string,
  ) {
    super(CODES[reason], message);
    this.name = 'BankError';
  }
}

export function isBankError(error: unknown, reason?: BankErrorReason): error is BankError {
  return error instanceof BankError && (reason === undefined || error.reason === reason);
}
