import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { createIntegration } from '../../../domain/integrations/integration.service.js';
import { companyOf } from '../../company-scope.js';
import { CompanyParams, errors, Id } from '../../schemas.js';
import { IntegrationWriteC } from './integration-view.js';

const CreatedIntegration = Type.Object({
  created: Type.Boolean(),
  result: Type.Object({
    id: Id,
    name: Type.String(),
    servicePaymentPageRedirectEnabled: Type.Boolean(),
    isRetryWebhookEnabled: Type.Boolean(),
    bankAccount: Type.Union([Id, Type.Null()]),
    secretKey: Type.String({ description: 'the integration secret-key; shown only here' }),
    webhookSecret: Type.String({ description: 'signs the webhooks to webhookUrl; shown only here' }),
  }),
});

export const createIntegrationRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/companies/:companyId/integrations',
    {
      schema: {
        summary: 'Create integration',
        tags: ['integrations'],
        params: CompanyParams,
        body: IntegrationWriteC,
        response: { 201: CreatedIntegration, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { integration, secretKey, webhookSecret } = await createIntegration(
        app.deps,
        companyOf(request).id,
        request.body,
      );
      return reply.code(201).send({
        created: true,
        result: {
          id: integration.id,
          name: integration.name,
          servicePaymentPageRedirectEnabled: integration.servicePaymentPageRedirectEnabled,
          isRetryWebhookEnabled: integration.isRetryWebhookEnabled,
          bankAccount: integration.bankAccountId,
          secretKey,
          webhookSecret,
        },
      });
    },
  );
};
