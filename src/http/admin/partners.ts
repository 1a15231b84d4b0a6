// Operator API: issue partners, their terminals and API keys (API.md 2); companies: ./create-company.ts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  createApiKey,
  createPartner,
  createTerminal,
  getPartner,
  listPartners,
  revokeApiKey,
} from '../../domain/partners/partner.service.js';
import { assertWebhookUrl } from '../../domain/webhooks/webhook-url.js';
import { errors, Id, Nullable, Timestamp } from '../schemas.js';

const PartnerParams = Type.Object({ partnerId: Id });
const PartnerView = Type.Object({
  id: Id,
  name: Type.String(),
  webhookUrl: Nullable(Type.String()),
  createdAt: Timestamp,
});

export const adminPartnerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/partners',
    {
      schema: {
        summary: 'Create partner',
        tags: ['admin'],
        body: Type.Object(
          {
            name: Type.String({ minLength: 1, maxLength: 200 }),
            webhookUrl: Type.Optional(Type.String({ format: 'uri', maxLength: 2048 })),
          },
          { additionalProperties: false },
        ),
        response: {
          201: Type.Object({
            id: Id,
            name: Type.String(),
            apisecret: Type.String({ description: 'shown only here' }),
            keyId: Id,
            webhookSecret: Type.Optional(Type.String({ description: 'shown only here' })),
          }),
          ...errors(400, 401),
        },
      },
    },
    async (request, reply) => {
      if (request.body.webhookUrl) {
        await assertWebhookUrl(app.deps.config, '/webhookUrl', request.body.webhookUrl);
      }
      const { partner, apisecret, keyId, webhookSecret } = await createPartner(app.deps, request.body);
      return reply.code(201).send({
        id: partner.id,
        name: partner.name,
        apisecret,
        keyId,
        ...(webhookSecret ? { webhookSecret } : {}),
      });
    },
  );

  app.get(
    '/partners',
    {
      schema: {
        summary: 'List partners',
        tags: ['admin'],
        response: { 200: Type.Object({ data: Type.Array(PartnerView) }), ...errors(401) },
      },
    },
    async () => ({ data: await listPartners(app.deps) }),
  );

  app.get(
    '/partners/:partnerId',
    {
      schema: {
        summary: 'Get partner',
        tags: ['admin'],
        params: PartnerParams,
        response: { 200: Type.Object({ data: PartnerView }), ...errors(401, 404) },
      },
    },
    async (request) => ({ data: await getPartner(app.deps, request.params.partnerId) }),
  );

  app.post(
    '/partners/:partnerId/terminals',
    {
      schema: {
        summary: 'Create terminal',
        tags: ['admin'],
        params: PartnerParams,
        body: Type.Object(
          { name: Type.String({ minLength: 1, maxLength: 200 }) },
          { additionalProperties: false },
        ),
        response: {
          201: Type.Object({
            terminalId: Id,
            terminalSecret: Type.String({ description: 'shown only here' }),
          }),
          ...errors(400, 401, 404),
        },
      },
    },
    async (request, reply) => {
      const { terminal, terminalSecret } = await createTerminal(
        app.deps,
        request.params.partnerId,
        request.body,
      );
      return reply.code(201).send({ terminalId: terminal.id, terminalSecret });
    },
  );

  app.post(
    '/partners/:partnerId/api-keys',
    {
      schema: {
        summary: 'Create partner API key',
        description: 'Rotation: older keys keep working until deleted.',
        tags: ['admin'],
        params: PartnerParams,
        response: {
          201: Type.Object({ keyId: Id, apisecret: Type.String({ description: 'shown only here' }) }),
          ...errors(401, 404),
        },
      },
    },
    async (request, reply) => reply.code(201).send(await createApiKey(app.deps, request.params.partnerId)),
  );

  app.delete(
    '/partners/:partnerId/api-keys/:keyId',
    {
      schema: {
        summary: 'Revoke partner API key',
        tags: ['admin'],
        params: Type.Object({ partnerId: Id, keyId: Id }),
        response: { 200: Type.Object({ deleted: Type.Boolean() }), ...errors(401, 404) },
      },
    },
    async (request) => {
      await revokeApiKey(app.deps, request.params.partnerId, request.params.keyId);
      return { deleted: true };
    },
  );
};
