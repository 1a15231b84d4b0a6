// The signed-in person's own account: turn on two-factor sign-in (a QR code to scan, a code to confirm,
// then ten recovery codes shown once).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../domain/errors.js';
import { confirmTwoFactor, recoveryCodesLeft, startTwoFactor } from '../domain/portal/two-factor.service.js';
import { requireUser, userOf } from './portal-request.js';
import { sendPortalPage } from './render.js';
import { FORM, Form, HTML, TAGS } from './schemas.js';

const qrcode = async () => (await import('qrcode')).default;

export const accountPages: FastifyPluginAsyncTypebox = async (app) => {
  const deps = app.deps;

  async function setUpPage(request: FastifyRequest, reply: FastifyReply, error?: string) {
    const user = userOf(request);
    const { secret, uri } = await startTwoFactor(deps, user);
    const qrSvg = await (await qrcode()).toString(uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
    return sendPortalPage(
      request,
      reply,
      'two-factor',
      { title: 'Turn on two-factor sign-in', qrSvg, secret, error },
      error ? 400 : 200,
    );
  }

  app.get(
    '/account',
    { schema: { summary: 'Account page', tags: TAGS, response: { 200: HTML } }, preHandler: requireUser() },
    async (request, reply) => {
      const user = userOf(request);
      const codesLeft = user.twoFactor ? await recoveryCodesLeft(deps, user) : 0;
      return sendPortalPage(request, reply, 'account', { title: 'Your account', codesLeft });
    },
  );

  app.post(
    '/account/two-factor',
    {
      schema: {
        summary: 'Start two-factor set-up',
        tags: TAGS,
        consumes: FORM,
        body: Form({}),
        response: { 200: HTML },
      },
      preHandler: [requireUser(), app.csrfProtection],
    },
    async (request, reply) => {
      if (userOf(request).twoFactor) return reply.redirect('/portal/account', 303);
      return setUpPage(request, reply);
    },
  );

  app.post(
    '/account/two-factor/confirm',
    {
      schema: {
        summary: 'Confirm two-factor set-up with a code',
        tags: TAGS,
        consumes: FORM,
        body: Form({ code: Type.String({ maxLength: 20 }) }),
        response: { 200: HTML, 400: HTML },
      },
      preHandler: [requireUser(), app.csrfProtection],
    },
    async (request, reply) => {
      const user = userOf(request);
      if (user.twoFactor) return reply.redirect('/portal/account', 303);
      try {
        const { recoveryCodes } = await confirmTwoFactor(deps, user, request.body.code, request.ip);
        return sendPortalPage(request, reply, 'recovery-codes', {
          title: 'Two-factor sign-in is on',
          recoveryCodes,
        });
      } catch (err) {
        if (!(err instanceof DomainError) || err.code !== 'validation_failed') throw err;
        return setUpPage(request, reply, 'That code is not right: enter the 6 digits the app shows now.');
      }
    },
  );
};
