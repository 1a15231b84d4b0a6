// Who is signed in to the portal, and the guards each page puts in front of its handler.
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { DomainError } from '../domain/errors.js';
import { can, type Permission, type PortalUser } from '../domain/portal/portal-user.js';
import type { PortalSession } from '../domain/portal/sign-in.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    portal: PortalSession | undefined;
  }
}

/** The signed-in user of a page behind requireUser (a wiring bug otherwise). */
export function userOf(request: FastifyRequest): PortalUser {
  const session = request.portal;
  if (session?.stage !== 'signed_in') throw new Error('portal route without requireUser');
  return session.user;
}

/**
 * A signed-out visitor is sent to the sign-in page (every method: a form posted after the sign-in
 * ended lands there too); a signed-in user without the permission gets a 403.
 */
export function requireUser(permission: Permission = 'read'): preHandlerAsyncHookHandler {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const session = request.portal;
    if (session?.stage !== 'signed_in') {
      await reply.redirect('/portal/login', 303);
      return reply;
    }
    if (!can(session.user.role, permission))
      throw new DomainError('forbidden', `your role (${session.user.role}) cannot do this`);
  };
}
