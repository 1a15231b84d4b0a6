import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { getIntegration } from '../../../domain/integrations/integration.service.js';
import { companyOf } from '../../company-scope.js';
import { CompanyIdParams, errors } from '../../schemas.js';
import { IntegrationC, toIntegrationC } from './integration-view.js';

export const getIntegrationRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/companies/:companyId/integrations/:id',
    {
      schema: {
        summary: 'Get integration',
        tags: ['integrations'],
        params: CompanyIdParams,
        response: { 200: Type.Object({ data: IntegrationC }), ...errors(401, 403, 404) },
      },
    },
    async (request) => ({
      data: toIntegrationC(await getIntegration(app.deps, companyOf(request).id, request.params.id)),
    }),
  );
};
