// The partner's people: everyone sees the list; owners and admins invite and remove (never above
// their own role).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../domain/errors.js';
import { inviteUser } from '../domain/portal/invitation.service.js';
import { listPeople, removePerson } from '../domain/portal/people.service.js';
import { can, canManageRole, ROLES } from '../domain/portal/portal-user.js';
import { requireUser, userOf } from './portal-request.js';
import { sendPortalPage } from './render.js';
import { FORM, Form, HTML, SEE_OTHER, TAGS } from './schemas.js';

export const peoplePages: FastifyPluginAsyncTypebox = async (app) => {
  const deps = app.deps;

  async function page(
    request: FastifyRequest,
    reply: FastifyReply,
    extra: Record<string, unknown> = {},
    status = 200,
  ) {
    const user = userOf(request);
    const people = await listPeople(deps, user.partnerId);
    return sendPortalPage(
      request,
      reply,
      'people',
      {
        title: 'People',
        people: people.map((p) => ({
          ...p,
          removable: p.id !== user.id && canManageRole(user.role, p.role),
        })),
        canInvite: can(user.role, 'manage_people'),
        roles: ROLES.filter((role) => canManageRole(user.role, role)),
        ...extra,
      },
      status,
    );
  }

  app.get(
    '/people',
    { schema: { summary: 'People', tags: TAGS, response: { 200: HTML } }, preHandler: requireUser() },
    async (request, reply) => page(request, reply),
  );

  app.post(
    '/people',
    {
      schema: {
        summary: 'Invite a person',
        tags: TAGS,
        consumes: FORM,
        body: Form({ email: Type.String({ maxLength: 254 }), role: Type.String({ maxLength: 20 }) }),
        response: { 200: HTML, 400: HTML, 403: HTML },
      },
      preHandler: [requireUser('manage_people'), app.csrfProtection],
    },
    async (request, reply) => {
      const actor = { kind: 'user' as const, user: userOf(request), ip: request.ip };
      try {
        const { user } = await inviteUser(deps, actor.user.partnerId, request.body, actor);
        return page(request, reply, { notice: `Invitation sent to ${user.email}.` });
      } catch (err) {
        if (!(err instanceof DomainError) || !['validation_failed', 'invalid_state'].includes(err.code))
          throw err;
        return page(request, reply, { error: err.message }, 400);
      }
    },
  );

  app.post(
    '/people/:userId/remove',
    {
      schema: {
        summary: 'Remove a person',
        tags: TAGS,
        params: Type.Object({ userId: Type.String({ pattern: '^[0-9a-f]{24}$' }) }),
        consumes: FORM,
        body: Form({}),
        response: { 303: SEE_OTHER, 403: HTML, 404: HTML },
      },
      preHandler: [requireUser('manage_people'), app.csrfProtection],
    },
    async (request, reply) => {
      await removePerson(deps, userOf(request), request.params.userId, request.ip);
      return reply.redirect('/portal/people', 303);
    },
  );
};
