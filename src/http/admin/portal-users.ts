// Operator: invite a partner's first portal user (issue 16); the invitation is e-mailed too.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { inviteUser } from '../../domain/portal/invitation.service.js';
import { ROLES } from '../../domain/portal/portal-user.js';
import { errors, Id } from '../schemas.js';

export const adminPortalUserRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/partners/:partnerId/users',
    {
      schema: {
        summary: 'Invite a portal user',
        description:
          'Creates a user of the partner portal and e-mails them a one-time link (valid 7 days) to choose a password. ' +
          'Roles: owner, admin, developer, viewer.',
        tags: ['admin'],
        params: Type.Object({ partnerId: Id }),
        body: Type.Object(
          {
            email: Type.String({ format: 'email', maxLength: 254 }),
            role: Type.Union(ROLES.map((role) => Type.Literal(role))),
          },
          { additionalProperties: false },
        ),
        response: {
          201: Type.Object({
            id: Id,
            email: Type.String(),
            role: Type.String(),
            inviteUrl: Type.String({ description: 'also e-mailed; works once' }),
          }),
          ...errors(400, 401, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const { user, inviteUrl } = await inviteUser(app.deps, request.params.partnerId, request.body, {
        kind: 'operator',
      });
      return reply.code(201).send({ id: user.id, email: user.email, role: user.role, inviteUrl });
    },
  );
};
