import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { rotateWebhookSecret } from '../../../domain/integrations/integration.service.js';
import { companyOf } from '../../company-scope.js';
import { CompanyIdParams, errors } from '../../schemas.js';

export const rotateWebhookSecretRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/companies/:companyId/integrations/:id/webhook-secret',
    {
      schema: {
        summary: 'Rotate integration webhook secret',
        description:
          'A new webhook signing secret, shown only here. For 24 hours webhooks carry a signature with ' +
          'the new secret and one with the old, so the receiver can switch without losing an event.',
        tags: ['integrations'],
        params: CompanyIdParams,
        response: {
          200: Type.Object({ data: Type.Object({ webhookSecret: Type.String() }) }),
          ...errors(401, 403, 404),
        },
      },
    },
    async (request) => ({
      data: {
        webhookSecret: await rotateWebhookSecret(app.deps, companyOf(request).id, request.params.id),
      },
    }),
  );
};
