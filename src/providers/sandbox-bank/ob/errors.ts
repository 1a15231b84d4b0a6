// Errors of the sandbox bank's Open Banking API, answered as the specification says: 400, 403 and 500
// carry an OBErrorResponse1 body; 401, 404, 405, 406, 415 and 429 carry none.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../../../domain/errors.js';

export type ObErrorCode =
  | 'UK.OBIE.Field.Expected'
  | 'UK.OBIE.Field.Invalid'
  | 'UK.OBIE.Field.InvalidDate'
  | 'UK.OBIE.Field.Missing'
  | 'UK.OBIE.Field.Unexpected'
  | 'UK.OBIE.Header.Invalid'
  | 'UK.OBIE.Header.Missing'
  | 'UK.OBIE.Resource.ConsentMismatch'
  | 'UK.OBIE.Resource.InvalidConsentStatus'
  | 'UK.OBIE.Resource.InvalidFormat'
  | 'UK.OBIE.Resource.NotFound'
  | 'UK.OBIE.Signature.Invalid'
  | 'UK.OBIE.Signature.InvalidClaim'
  | 'UK.OBIE.Signature.Malformed'
  | 'UK.OBIE.Signature.Missing'
  | 'UK.OBIE.Signature.MissingClaim'
  | 'UK.OBIE.UnexpectedError'
  | 'UK.OBIE.Unsupported.AccountIdentifier'
  | 'UK.OBIE.Unsupported.Currency'
  | 'UK.OBIE.Unsupported.Frequency';

export interface ObIssue {
  code: ObErrorCode;
  message: string;
  /** JSON path of the field, e.g. Data.Initiation.InstructedAmount.Currency */
  path?: string;
}

export class ObError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 405 | 406 | 415 | 429 | 500 | 503,
    readonly issues: ObIssue[],
  ) {
    super(issues[0]?.message ?? `status ${status}`);
    this.name = 'ObError';
  }
}

export const badRequest = (code: ObErrorCode, message: string, path?: string) =>
  new ObError(400, [{ code, message, ...(path ? { path } : {}) }]);

export const forbidden = (code: ObErrorCode, message: string) => new ObError(403, [{ code, message }]);

/** No such route: 404 without a body. */
export const notFound = () => new ObError(404, []);

/** No such resource id: the specification's 400 UK.OBIE.Resource.NotFound (404 is for unknown paths). */
export const resourceNotFound = (what: string, path: string) =>
  badRequest('UK.OBIE.Resource.NotFound', `${what} not found`, path);
export const unauthorized = () => new ObError(401, []);

const TITLES: Record<number, string> = { 400: 'Bad request', 403: 'Forbidden', 500: 'Internal server error' };
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

interface AjvIssue {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

/** '/Data/Initiation/InstructedAmount' -> 'Data.Initiation.InstructedAmount' */
const dotted = (pointer: string) => pointer.replace(/^\//, '').replaceAll('/', '.');

function issuesOf(validation: AjvIssue[]): ObIssue[] {
  return validation.map((issue) => {
    const base = dotted(issue.instancePath);
    const join = (name: unknown) => (base ? `${base}.${String(name)}` : String(name));
    if (issue.keyword === 'required') {
      const path = join(issue.params.missingProperty);
      return { code: 'UK.OBIE.Field.Missing', message: `${path} is missing`, path };
    }
    if (issue.keyword === 'additionalProperties') {
      const path = join(issue.params.additionalProperty);
      return { code: 'UK.OBIE.Field.Unexpected', message: `${path} is not expected here`, path };
    }
    const path = base || 'body';
    const code =
      issue.keyword === 'format' && String(issue.params.format).startsWith('date')
        ? 'UK.OBIE.Field.InvalidDate'
        : 'UK.OBIE.Field.Invalid';
    return { code, message: `${path} ${issue.message ?? 'is invalid'}`, path };
  });
}

function send(reply: FastifyReply, request: FastifyRequest, error: ObError) {
  reply.code(error.status);
  if (error.status !== 400 && error.status !== 403 && error.status !== 500) return reply.send();
  const issues =
    error.issues.length > 0
      ? error.issues
      : [{ code: 'UK.OBIE.UnexpectedError' as const, message: 'unexpected error' }];
  return reply.type('application/json; charset=utf-8').send({
    Code: `${error.status} ${TITLES[error.status]}`,
    Id: clip(request.id, 40),
    Message: clip(issues.map((i) => i.message).join('; '), 500),
    Errors: issues.map((i) => ({
      ErrorCode: i.code,
      Message: clip(i.message, 500),
      ...(i.path ? { Path: clip(i.path, 500) } : {}),
    })),
  });
}

/** The error and not-found handlers of the Open Banking API's plugin. */
export function useObErrors(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ObError) return send(reply, request, error);
    if (error.validation)
      return send(reply, request, new ObError(400, issuesOf(error.validation as AjvIssue[])));
    if (error instanceof DomainError) {
      const status = error.code === 'not_found' ? 404 : error.code === 'invalid_state' ? 403 : 400;
      return send(
        reply,
        request,
        new ObError(status, [{ code: 'UK.OBIE.Field.Invalid', message: error.message }]),
      );
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || error.statusCode === 415) {
      return send(reply, request, new ObError(415, []));
    }
    if (error instanceof SyntaxError || error.code?.startsWith('FST_ERR_CTP_')) {
      return send(reply, request, badRequest('UK.OBIE.Resource.InvalidFormat', 'the body is not valid JSON'));
    }
    if (error.statusCode === 429) return send(reply, request, new ObError(429, []));
    // Overload (under-pressure): no body; the client retries.
    if (error.statusCode === 503) return send(reply, request, new ObError(503, []));
    request.log.error({ err: error }, 'sandbox bank: unhandled error');
    return send(
      reply,
      request,
      new ObError(500, [{ code: 'UK.OBIE.UnexpectedError', message: 'unexpected error' }]),
    );
  });
  app.setNotFoundHandler((request, reply) => send(reply, request, new ObError(404, [])));
}
