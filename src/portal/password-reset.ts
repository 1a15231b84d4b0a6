// "Forgot your password?": a one-time link by e-mail, then a new password on the link's page.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { DomainError } from '../domain/errors.js';
import { MIN_PASSWORD_LENGTH } from '../domain/portal/password.js';
import { requestPasswordReset, resetPassword } from '../domain/portal/password-reset.service.js';
import { userOfLink } from '../domain/portal/portal-links.js';
import { sendPortalPage } from './render.js';
import { FORM, Form, HTML, SEE_OTHER, TAGS } from './schemas.js';

const Params = Type.Object({ token: Type.String({ maxLength: 100 }) });

export const passwordResetPages: FastifyPluginAsyncTypebox = async (app) => {
  const deps = app.deps;
  const gone = {
    title: 'Link not valid',
    message: 'This link is used up or has expired. Ask for a new one.',
  };

  app.get(
    '/password/forgot',
    { schema: { summary: 'Password reset request page', tags: TAGS, response: { 200: HTML } } },
    async (request, reply) => sendPortalPage(request, reply, 'forgot', { title: 'Reset your password' }),
  );

  app.post(
    '/password/forgot',
    {
      schema: {
        summary: 'Ask for a password reset link',
        tags: TAGS,
        consumes: FORM,
        body: Form({ email: Type.String({ maxLength: 254 }) }),
        response: { 200: HTML, 403: HTML },
      },
      preHandler: app.csrfProtection,
    },
    async (request, reply) => {
      await requestPasswordReset(deps, request.body.email, request.ip);
      // The same answer whether or not the address has an account.
      return sendPortalPage(request, reply, 'message', {
        title: 'Check your e-mail',
        message: 'If that address has a portal account, we have sent it a link to choose a new password.',
      });
    },
  );

  const form = (token: string, email: string, error?: string) => ({
    title: 'Choose a new password',
    email,
    action: `/portal/reset/${encodeURIComponent(token)}`,
    minLength: MIN_PASSWORD_LENGTH,
    error,
  });

  app.get(
    '/reset/:token',
    {
      schema: {
        summary: 'Password reset page',
        tags: TAGS,
        params: Params,
        response: { 200: HTML, 404: HTML },
      },
    },
    async (request, reply) => {
      const user = await userOfLink(deps, request.params.token, 'reset');
      if (!user) return sendPortalPage(request, reply, 'message', gone, 404);
      return sendPortalPage(request, reply, 'set-password', form(request.params.token, user.email));
    },
  );

  app.post(
    '/reset/:token',
    {
      schema: {
        summary: 'Set a new password',
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
        await resetPassword(deps, token, request.body.password, request.ip);
      } catch (err) {
        if (!(err instanceof DomainError) || err.code !== 'validation_failed') throw err;
        const user = await userOfLink(deps, token, 'reset');
        if (!user) return sendPortalPage(request, reply, 'message', gone, 404);
        const message = `The password ${err.errors?.[0]?.message ?? 'is not valid'}.`;
        return sendPortalPage(request, reply, 'set-password', form(token, user.email, message), 400);
      }
      return reply.redirect('/portal/login?reset=1', 303);
    },
  );
};
