// RFC 9457 problem details: every error body of the API (API.md 1.1) is built here.
import type { ErrorCode, FieldError } from '../domain/errors.js';

export type ProblemCode =
  | ErrorCode
  | 'malformed_json'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'uri_too_long'
  | 'headers_too_large'
  | 'request_timeout'
  | 'rate_limited'
  | 'service_unavailable'
  | 'internal';

/** Every ProblemCode, for the document's enumeration (the type below fails to compile if one is missing). */
export const PROBLEM_CODES = [
  'validation_failed',
  'malformed_json',
  'unauthorized',
  'forbidden',
  'not_found',
  'invalid_state',
  'idempotency_conflict',
  'payload_too_large',
  'uri_too_long',
  'unsupported_media_type',
  'request_timeout',
  'headers_too_large',
  'idempotency_key_reused',
  'rate_limited',
  'bank_unavailable',
  'service_unavailable',
  'internal',
] as const satisfies readonly ProblemCode[];
type EveryCodeListed = Exclude<ProblemCode, (typeof PROBLEM_CODES)[number]> extends never ? true : never;
export const everyCodeListed: EveryCodeListed = true;

export interface Problem {
  type: string;
  title: string;
  status: number;
  code: ProblemCode;
  detail: string;
  errors?: FieldError[];
  requestId: string;
}

/** The one place where an error code becomes an HTTP status and a title. */
export function statusOf(code: ProblemCode): { status: number; title: string } {
  switch (code) {
    case 'validation_failed':
      return { status: 400, title: 'Validation failed' };
    case 'malformed_json':
      return { status: 400, title: 'Malformed JSON' };
    case 'unauthorized':
      return { status: 401, title: 'Unauthorized' };
    case 'forbidden':
      return { status: 403, title: 'Forbidden' };
    case 'not_found':
      return { status: 404, title: 'Not found' };
    case 'invalid_state':
      return { status: 409, title: 'Invalid state' };
    case 'idempotency_conflict':
      return { status: 409, title: 'Idempotency conflict' };
    case 'payload_too_large':
      return { status: 413, title: 'Payload too large' };
    case 'unsupported_media_type':
      return { status: 415, title: 'Unsupported media type' };
    case 'uri_too_long':
      return { status: 414, title: 'URI too long' };
    case 'headers_too_large':
      return { status: 431, title: 'Request header fields too large' };
    case 'request_timeout':
      return { status: 408, title: 'Request timeout' };
    case 'idempotency_key_reused':
      return { status: 422, title: 'Idempotency key reused' };
    case 'rate_limited':
      return { status: 429, title: 'Too many requests' };
    case 'bank_unavailable':
      return { status: 502, title: 'Bank unavailable' };
    case 'service_unavailable':
      return { status: 503, title: 'Service unavailable' };
    case 'internal':
      return { status: 500, title: 'Internal error' };
  }
}

export function problem(
  code: ProblemCode,
  detail: string,
  requestId: string,
  errors?: FieldError[],
): Problem {
  const { status, title } = statusOf(code);
  return {
    type: `https://paybank.dev/problems/${code.replaceAll('_', '-')}`,
    title,
    status,
    code,
    detail,
    ...(errors && errors.length > 0 ? { errors } : {}),
    requestId,
  };
}
