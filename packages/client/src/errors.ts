// Every error answer becomes one PaybankError carrying the problem details (API.md 1.1), whose `code`
// narrows it: `if (error instanceof PaybankError && error.is('validation_failed')) error.errors`.

/** The codes of API.md 1.1. */
export type ProblemCode =
  | 'validation_failed'
  | 'malformed_json'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'invalid_state'
  | 'idempotency_conflict'
  | 'idempotency_key_reused'
  | 'payload_too_large'
  | 'uri_too_long'
  | 'unsupported_media_type'
  | 'rate_limited'
  | 'request_timeout'
  | 'headers_too_large'
  | 'bank_unavailable'
  | 'service_unavailable'
  | 'internal'
  /** An answer that was not problem details (a proxy's page, or a code this client does not know). */
  | 'unknown';

export interface FieldError {
  field: string;
  message: string;
}

export interface Problem<C extends ProblemCode = ProblemCode> {
  type: string;
  title: string;
  status: number;
  code: C;
  detail: string;
  /** Only `validation_failed` lists the failing fields. */
  errors?: FieldError[];
  requestId?: string;
}

const KNOWN = new Set<string>([
  'validation_failed',
  'malformed_json',
  'unauthorized',
  'forbidden',
  'not_found',
  'invalid_state',
  'idempotency_conflict',
  'idempotency_key_reused',
  'payload_too_large',
  'uri_too_long',
  'unsupported_media_type',
  'rate_limited',
  'request_timeout',
  'headers_too_large',
  'bank_unavailable',
  'service_unavailable',
  'internal',
]);

function isKnown(code: unknown): code is ProblemCode {
  return typeof code === 'string' && KNOWN.has(code);
}

/** The code an answer without problem details stands for. */
function codeOfStatus(status: number): ProblemCode {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 429) return 'rate_limited';
  return 'unknown';
}

export class PaybankError<C extends ProblemCode = ProblemCode> extends Error {
  override readonly name = 'PaybankError';
  readonly code: C;
  readonly status: number;
  readonly problem: Problem<C>;
  /** The failing fields of a `validation_failed` (empty otherwise). */
  readonly errors: FieldError[];
  readonly requestId: string | undefined;
  /** The answer's headers (`Retry-After`, ...). */
  readonly headers: Headers;

  constructor(problem: Problem<C>, headers: Headers = new Headers()) {
    super(`${problem.status} ${problem.code}: ${problem.detail}`);
    this.problem = problem;
    this.code = problem.code;
    this.status = problem.status;
    this.errors = problem.errors ?? [];
    this.requestId = problem.requestId;
    this.headers = headers;
  }

  /** Narrows the error to one code. */
  is<K extends C>(code: K): this is PaybankError<K> {
    return this.code === code;
  }

  /** The error for a non-2xx answer; `body` is what openapi-fetch read (parsed JSON, or text). */
  static from(response: Response, body: unknown): PaybankError {
    if (typeof body === 'object' && body !== null && 'code' in body && isKnown(body.code)) {
      const fields = body as Partial<Problem>;
      return new PaybankError(
        {
          type: String(fields.type ?? 'about:blank'),
          title: String(fields.title ?? response.statusText),
          status: Number(fields.status ?? response.status),
          code: body.code,
          detail: String(fields.detail ?? ''),
          ...(Array.isArray(fields.errors) ? { errors: fields.errors } : {}),
          ...(typeof fields.requestId === 'string' ? { requestId: fields.requestId } : {}),
        },
        response.headers,
      );
    }
    // The initiate endpoint's expired link answers text/plain (spec part 7), and proxies answer HTML.
    const text = typeof body === 'string' ? body : JSON.stringify(body ?? '');
    return new PaybankError(
      {
        type: 'about:blank',
        title: response.statusText,
        status: response.status,
        code: codeOfStatus(response.status),
        detail: text.slice(0, 500),
      },
      response.headers,
    );
  }
}
