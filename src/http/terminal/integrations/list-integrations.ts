import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { listIntegrations } from '../../../domain/integrations/integration.service.js';
import { mapPage } from '../../../store/paging.js';
import { companyOf } from '../../company-scope.js';
import { envelopeB } from '../../paging.js';
import { CompanyParams, errors, PageQuery, PagingB } from '../../schemas.js';
import { IntegrationC, toIntegrationC } from './integration-view.js';

export const listIntegrationsRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/companies/:companyId/integrations',
    {
      schema: {
        summary: 'List integrations',
        tags: ['integrations'],
        params: CompanyParams,
        querystring: PageQuery,
        response: { 200: PagingB(IntegrationC), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const page = await listIntegrations(app.deps, companyOf(request).id, request.query);
      return envelopeB(mapPage(page, toIntegrationC));
    },
  );
};
