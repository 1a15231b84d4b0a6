import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { getIntegration } from '../../../domain/integrations/integration.service.js';
import { withBankAccount } from '../../../domain/integrations/integration-bank-accounts.js';
import { companyOf } from '../../company-scope.js';
import { CompanyIdParams, errors } from '../../schemas.js';
import { IntegrationD, toIntegrationD } from './integration-view.js';

export const getIntegrationRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/companies/:companyId/integrations/:id',
    {
      schema: {
        summary: 'Get integration',
        tags: ['partner'],
        params: CompanyIdParams,
        response: { 200: Type.Object({ data: IntegrationD }), ...errors(401, 403, 404) },
      },
    },
    async (request) => {
      const integration = await getIntegration(app.deps, companyOf(request).id, request.params.id);
      return { data: toIntegrationD(await withBankAccount(app.deps, integration)) };
    },
  );
};
