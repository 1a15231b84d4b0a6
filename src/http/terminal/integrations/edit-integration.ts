import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { updateIntegration } from '../../../domain/integrations/integration.service.js';
import { companyOf } from '../../company-scope.js';
import { CompanyIdParams, errors } from '../../schemas.js';
import { IntegrationC, IntegrationWriteC, toIntegrationC } from './integration-view.js';

const EditedIntegration = Type.Composite([
  IntegrationC,
  Type.Object({
    webhookSecret: Type.Optional(
      Type.String({ description: 'present when webhookUrl changed; shown only here' }),
    ),
  }),
]);

export const editIntegrationRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.put(
    '/companies/:companyId/integrations/:id',
    {
      schema: {
        summary: 'Edit integration',
        tags: ['integrations'],
        params: CompanyIdParams,
        body: IntegrationWriteC,
        response: { 200: EditedIntegration, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { integration, webhookSecret } = await updateIntegration(
        app.deps,
        companyOf(request).id,
        request.params.id,
        request.body,
      );
      return { ...toIntegrationC(integration), ...(webhookSecret ? { webhookSecret } : {}) };
    },
  );
};
