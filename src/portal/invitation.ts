// The invitation link: the invitee chooses a password (at least 12 characters), then signs in.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { DomainError } from '../domain/errors.js';
import { acceptInvitation } from '../domain/portal/invitation.service.js';
import { MIN_PASSWORD_LENGTH } from '../domain/portal/password.js';
import { userOfLink } from '../domain/portal/portal-links.js';
import { sendPortalPage } from './render.js';
import { FORM, Form, HTML, SEE_OTHER, TAGS } from './schemas.js';

const Params = Type.Object({ token: Type.String({ maxLength: 100 }) });

export const invitationPages: FastifyPluginAsyncTypebox = async (app) => {
  const deps = app.deps;
  const gone = {
    title: 'Invitation not valid',
    message: 'This invitation is used up or has expired. Ask for a new one.',
  };

  app.get(
    '/invite/:token',
    {
      schema: { summary: 'Invitation page', tags: TAGS, params: Params, response: { 200: HTML, 404: HTML } },
    },
    async (request, reply) => {
      const user = await userOfLink(deps, request.params.token, 'invite');
      if (!user) return sendPortalPage(request, reply, 'message', gone, 404);
      return sendPortalPage(request, reply, 'set-password', {
        title: 'Choose your password',
        email: user.email,
        action: `/portal/invite/${encodeURIComponent(request.params.token)}`,
        minLength: MIN_PASSWORD_LENGTH,
      });
    },
  );

  app.post(
    '/invite/:token',
    {
      schema: {
        summary: 'Accept an invitation',
        tags: TAGS,
        params: Params,
        consumes: FORM,
        body: Form({ password: Type.String({ maxLength: 1000 }) }),
        response: { 303: SEE_OTHER, 400: HTML, 403: HTML, 404: HTML },
      },
      preHandler: app.csrfProtection,
    },
    async (request, reply) => {
      const { token } = request.params;
      try {
        await acceptInvitation(deps, token, request.body.password);
      } catch (err) {
        if (!(err instanceof DomainError) || err.code !== 'validation_failed') throw err;
        const user = await userOfLink(deps, token, 'invite');
        if (!user) return sendPortalPage(request, reply, 'message', gone, 404);
        return sendPortalPage(
          request,
          reply,
          'set-password',
          {
            title: 'Choose your password',
            email: user.email,
            action: `/portal/invite/${encodeURIComponent(token)}`,
            minLength: MIN_PASSWORD_LENGTH,
            error: `The password ${err.errors?.[0]?.message ?? 'is not valid'}.`,
          },
          400,
        );
      }
      return reply.redirect('/portal/login?welcome=1', 303);
    },
  );
};
