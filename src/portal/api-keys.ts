// API keys (issue 16, item 2): list, generate (the apisecret shown once), disable, enable, revoke. A new
// key never stops the others: the partner moves its systems over, then revokes the old one.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../domain/errors.js';
import { listApiKeys } from '../domain/partners/api-key.service.js';
import { changeApiKey, generateApiKey, type KeyAction } from '../domain/portal/portal-api-keys.service.js';
import { can } from '../domain/portal/portal-user.js';
import { requireUser, userOf } from './portal-request.js';
import { sendPortalPage } from './render.js';
import { FORM, Form, HTML, SEE_OTHER, TAGS } from './schemas.js';

const ACTIONS: KeyAction[] = ['disable', 'enable', 'revoke'];

export const apiKeyPages: FastifyPluginAsyncTypebox = async (app) => {
  const deps = app.deps;

  async function page(
    request: FastifyRequest,
    reply: FastifyReply,
    extra: Record<string, unknown> = {},
    status = 200,
  ) {
    const user = userOf(request);
    const keys = await listApiKeys(deps, user.partnerId);
    return sendPortalPage(
      request,
      reply,
      'api-keys',
      { title: 'API keys', keys, canManage: can(user.role, 'manage_keys'), ...extra },
      status,
    );
  }

  app.get(
    '/api-keys',
    { schema: { summary: 'API keys', tags: TAGS, response: { 200: HTML } }, preHandler: requireUser() },
    async (request, reply) => page(request, reply),
  );

  app.post(
    '/api-keys',
    {
      schema: {
        summary: 'Generate an API key',
        tags: TAGS,
        consumes: FORM,
        body: Form({
          name: Type.String({ maxLength: 100 }),
          description: Type.Optional(Type.String({ maxLength: 500 })),
        }),
        response: { 200: HTML, 400: HTML, 403: HTML },
      },
      preHandler: [requireUser('manage_keys'), app.csrfProtection],
    },
    async (request, reply) => {
      try {
        const { apisecret, keyId } = await generateApiKey(deps, userOf(request), request.body, request.ip);
        return page(request, reply, { newKey: { apisecret, keyId } });
      } catch (err) {
        if (!(err instanceof DomainError) || err.code !== 'validation_failed') throw err;
        return page(request, reply, { error: `The ${err.message}.` }, 400);
      }
    },
  );

  for (const action of ACTIONS) {
    app.post(
      `/api-keys/:keyId/${action}`,
      {
        schema: {
          summary: `${action[0]!.toUpperCase()}${action.slice(1)} an API key`,
          tags: TAGS,
          params: Type.Object({ keyId: Type.String({ pattern: '^[0-9a-f]{24}$' }) }),
          consumes: FORM,
          body: Form({}),
          response: { 303: SEE_OTHER, 403: HTML, 404: HTML },
        },
        preHandler: [requireUser('manage_keys'), app.csrfProtection],
      },
      async (request, reply) => {
        await changeApiKey(deps, userOf(request), request.params.keyId, action, request.ip);
        return reply.redirect('/portal/api-keys', 303);
      },
    );
  }
};
