// Domain errors carry a stable code; http/error-handler.ts maps each code to its HTTP status.

export type ErrorCode =
  | 'validation_failed'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'invalid_state'
  | 'idempotency_conflict'
  | 'idempotency_key_reused'
  | 'bank_unavailable';

export interface FieldError {
  field: string;
  message: string;
}

export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors?: FieldError[],
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const notFound = (what: string) => new DomainError('not_found', `${what} not found`);

export const invalid = (field: string, message: string) =>
  new DomainError('validation_failed', `${field.replace(/^\//, '')} ${message}`, [{ field, message }]);

/** A move the resource's status does not allow; names the current and the allowed states. */
export function invalidState(what: string, current: string, allowed: readonly string[], action: string) {
  return new DomainError(
    'invalid_state',
    `cannot ${action} a ${what} in status ${current}; allowed in: ${allowed.join(', ') || 'none'}`,
  );
}
