// Errors on portal pages are pages too (HTML with the same layout), never a stack trace.
import type { FastifyError, FastifyInstance } from 'fastify';
import { DomainError } from '../domain/errors.js';
import { sendPortalPage } from './render.js';

const TITLES: Record<number, string> = {
  400: 'That did not work',
  403: 'Not allowed',
  404: 'Not found',
  409: 'Not possible now',
  413: 'Too large',
  415: 'Not a form',
  429: 'Too many attempts',
  500: 'Something went wrong',
};

function statusOf(error: FastifyError): number {
  if (error instanceof DomainError) {
    const byCode: Record<string, number> = {
      validation_failed: 400,
      unauthorized: 403,
      forbidden: 403,
      not_found: 404,
      invalid_state: 409,
    };
    return byCode[error.code] ?? 500;
  }
  // A path id that is not an id names nothing.
  if (error.validation && error.validationContext === 'params') return 404;
  if (error.validation) return 400;
  const status = error.statusCode ?? 500;
  return status >= 400 && status < 500 ? status : 500;
}

export function registerPortalErrors(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = statusOf(error);
    if (status === 500) request.log.error({ err: error }, 'unhandled portal error');
    const message =
      status === 500
        ? 'The service could not finish this. Try again; if it keeps happening, tell the operator.'
        : error.code?.startsWith('FST_CSRF')
          ? 'This form has expired or did not come from the portal. Go back, reload the page and try again.'
          : error.message;
    return sendPortalPage(request, reply, 'message', { title: TITLES[status] ?? 'Error', message }, status);
  });
  app.setNotFoundHandler((request, reply) =>
    sendPortalPage(request, reply, 'message', { title: 'Not found', message: 'There is no such page.' }, 404),
  );
}
