// One error handler for the whole app: domain errors, Fastify's own errors and bugs all end as problem+json.
import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, type FieldError } from '../domain/errors.js';
import { type ProblemCode, problem, statusOf } from './problem.js';

interface AjvIssue {
  instancePath: string;
  message?: string;
  keyword: string;
  params: Record<string, unknown>;
}

function fieldErrors(issues: AjvIssue[]): FieldError[] {
  return issues.map((issue) => {
    const missing = issue.keyword === 'required' ? String(issue.params.missingProperty ?? '') : '';
    const field = missing ? `${issue.instancePath}/${missing}` : issue.instancePath || '/';
    return { field, message: issue.message ?? 'is invalid' };
  });
}

function classify(error: FastifyError): { code: ProblemCode; detail: string; errors?: FieldError[] } {
  if (error instanceof DomainError) {
    return { code: error.code, detail: error.message, ...(error.errors ? { errors: error.errors } : {}) };
  }
  if (error.validation) {
    // A path id that does not have the id form names nothing: 404 (API.md 1).
    if (error.validationContext === 'params') return { code: 'not_found', detail: 'no such resource' };
    const errors = fieldErrors(error.validation as AjvIssue[]);
    const detail = errors.map((e) => `${e.field.replace(/^\//, '') || error.validationContext} ${e.message}`);
    return { code: 'validation_failed', detail: detail.join('; '), errors };
  }
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { code: 'malformed_json', detail: 'the body is not valid JSON' };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
      return { code: 'payload_too_large', detail: 'the body is larger than allowed' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return { code: 'unsupported_media_type', detail: 'unsupported Content-Type' };
  }
  if (error instanceof SyntaxError) return { code: 'malformed_json', detail: 'the body is not valid JSON' };
  if (error.statusCode === 429) return { code: 'rate_limited', detail: error.message };
  if (error.statusCode === 503) return { code: 'service_unavailable', detail: 'the service is overloaded' };
  if (error.statusCode === 415) return { code: 'unsupported_media_type', detail: error.message };
  if (error.statusCode === 413) return { code: 'payload_too_large', detail: error.message };
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return { code: 'validation_failed', detail: error.message };
  }
  return { code: 'internal', detail: 'internal error' };
}

export function sendProblem(
  reply: FastifyReply,
  request: FastifyRequest,
  code: ProblemCode,
  detail: string,
  errors?: FieldError[],
): FastifyReply {
  const body = problem(code, detail, request.id, errors);
  return reply.code(body.status).type('application/problem+json; charset=utf-8').send(body);
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { code, detail, errors } = classify(error);
    if (code === 'internal') request.log.error({ err: error }, 'unhandled error');
    else if (code === 'bank_unavailable') request.log.warn({ err: error }, 'bank call failed');
    return sendProblem(reply, request, code, detail, errors);
  });
  app.setNotFoundHandler((request, reply) => sendProblem(reply, request, 'not_found', 'no such route'));
}

/**
 * Fastify's `frameworkErrors`: errors found while routing (a path segment over the router's limit, a
 * malformed %-escape), which it otherwise answers as its own JSON.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    sendProblem(reply, request, 'uri_too_long', 'a path segment is longer than allowed');
  } else {
    sendProblem(reply, request, 'validation_failed', 'the URL is not valid');
  }
}

/**
 * Fastify's `clientErrorHandler`: requests node's HTTP parser refuses before any route runs (headers over
 * the size limit, a time-out, bytes that are not HTTP). Written to the socket, as problem+json too.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [code, detail]: [ProblemCode, string] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? ['headers_too_large', 'the request headers are larger than allowed']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? ['request_timeout', 'the request took too long to arrive']
        : ['validation_failed', 'the request is not valid HTTP'];
  const body = JSON.stringify(problem(code, detail, randomUUID()));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${statusOf(code).status} ${statusOf(code).title}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/problem+json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
