import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { listIntegrations } from '../../../domain/integrations/integration.service.js';
import { withBankAccounts } from '../../../domain/integrations/integration-bank-accounts.js';
import { companyOf } from '../../company-scope.js';
import { CompanyParams, errors } from '../../schemas.js';
import { BareListQuery, setTotalCount } from '../bare-list.js';
import { IntegrationD, toIntegrationD } from './integration-view.js';

export const listIntegrationsRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/companies/:companyId/integrations',
    {
      schema: {
        summary: 'List integrations',
        description:
          'Newest first; page and limit (default 100, at most 1000); X-Total-Count gives the total.',
        tags: ['partner'],
        params: CompanyParams,
        querystring: BareListQuery,
        response: {
          200: Type.Object({ succeed: Type.Boolean(), data: Type.Array(IntegrationD) }),
          ...errors(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const company = companyOf(request);
      const page = await listIntegrations(app.deps, company.id, request.query);
      setTotalCount(reply, page);
      const docs = await withBankAccounts(app.deps, company.id, page.docs);
      return { succeed: true, data: docs.map(toIntegrationD) };
    },
  );
};
