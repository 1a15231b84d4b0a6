// Sign in (password, then a TOTP or recovery code when two-factor is on) and sign out.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  type SignInResult,
  signInWithCode,
  signInWithPassword,
  signOut,
} from '../domain/portal/sign-in.service.js';
import { clearSessionCookie, setSessionCookie } from './cookies.js';
import { requireUser } from './portal-request.js';
import { sendPortalPage } from './render.js';
import { FORM, Form, HTML, SEE_OTHER, TAGS } from './schemas.js';

export const signInPages: FastifyPluginAsyncTypebox = async (app) => {
  const deps = app.deps;

  const loginPage = (
    request: FastifyRequest,
    reply: FastifyReply,
    error?: string,
    status = 200,
    email = '',
  ) => sendPortalPage(request, reply, 'login', { title: 'Sign in', error, email }, status);

  const codePage = (request: FastifyRequest, reply: FastifyReply, error?: string, status = 200) =>
    sendPortalPage(request, reply, 'login-code', { title: 'Two-factor sign-in', error }, status);

  /** Limited, wrong, or on to the next page with a new session id. */
  function answer(result: SignInResult, request: FastifyRequest, reply: FastifyReply, wrong: () => unknown) {
    if (result.kind === 'limited') {
      reply.header('retry-after', String(result.retryAfterSeconds));
      return sendPortalPage(
        request,
        reply,
        'message',
        { title: 'Too many attempts', message: 'Too many failed sign-ins. Wait 15 minutes and try again.' },
        429,
      );
    }
    if (result.kind === 'wrong') return wrong();
    setSessionCookie(reply, deps.config, result.sessionToken);
    return reply.redirect(result.kind === 'needs_code' ? '/portal/login/code' : '/portal', 303);
  }

  app.get(
    '/login',
    {
      schema: {
        summary: 'Sign-in page',
        tags: TAGS,
        querystring: Type.Object({
          welcome: Type.Optional(Type.String()),
          reset: Type.Optional(Type.String()),
        }),
        response: { 200: HTML, 303: SEE_OTHER },
      },
    },
    async (request, reply) => {
      if (request.portal?.stage === 'signed_in') return reply.redirect('/portal', 303);
      const notice =
        request.query.welcome !== undefined
          ? 'Your password is set. Sign in with it.'
          : request.query.reset !== undefined
            ? 'Your new password is set. Sign in with it.'
            : undefined;
      return sendPortalPage(request, reply, 'login', { title: 'Sign in', notice, email: '' });
    },
  );

  app.post(
    '/login',
    {
      schema: {
        summary: 'Sign in',
        tags: TAGS,
        consumes: FORM,
        body: Form({ email: Type.String({ maxLength: 254 }), password: Type.String({ maxLength: 1000 }) }),
        response: { 303: SEE_OTHER, 400: HTML, 403: HTML, 429: HTML },
      },
      preHandler: app.csrfProtection,
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const result = await signInWithPassword(deps, {
        email,
        password,
        ip: request.ip,
        previous: request.portal,
      });
      return answer(result, request, reply, () =>
        loginPage(request, reply, 'Wrong e-mail or password.', 400, email),
      );
    },
  );

  app.get(
    '/login/code',
    { schema: { summary: 'Two-factor code page', tags: TAGS, response: { 200: HTML, 303: SEE_OTHER } } },
    async (request, reply) => {
      if (request.portal?.stage !== 'password') return reply.redirect('/portal/login', 303);
      return codePage(request, reply);
    },
  );

  app.post(
    '/login/code',
    {
      schema: {
        summary: 'Sign in: the two-factor code',
        tags: TAGS,
        consumes: FORM,
        body: Form({ code: Type.String({ maxLength: 40 }) }),
        response: { 303: SEE_OTHER, 400: HTML, 403: HTML, 429: HTML },
      },
      preHandler: app.csrfProtection,
    },
    async (request, reply) => {
      const session = request.portal;
      if (session?.stage !== 'password') return reply.redirect('/portal/login', 303);
      const result = await signInWithCode(deps, session, { code: request.body.code, ip: request.ip });
      return answer(result, request, reply, () => codePage(request, reply, 'That code is not right.', 400));
    },
  );

  app.post(
    '/logout',
    {
      schema: {
        summary: 'Sign out',
        tags: TAGS,
        consumes: FORM,
        body: Form({}),
        response: { 303: SEE_OTHER },
      },
      preHandler: [requireUser(), app.csrfProtection],
    },
    async (request, reply) => {
      if (request.portal) await signOut(deps, request.portal, request.ip);
      clearSessionCookie(reply, deps.config);
      return reply.redirect('/portal/login', 303);
    },
  );
};
