import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { deleteIntegration } from '../../../domain/integrations/integration.service.js';
import { companyOf } from '../../company-scope.js';
import { CompanyIdParams, errors } from '../../schemas.js';

export const deleteIntegrationRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.delete(
    '/companies/:companyId/integrations/:id',
    {
      schema: {
        summary: 'Delete integration',
        description: "The integration's credentials stop working at once.",
        tags: ['integrations'],
        params: CompanyIdParams,
        response: { 200: Type.Object({ deleted: Type.Boolean() }), ...errors(401, 403, 404) },
      },
    },
    async (request) => {
      await deleteIntegration(app.deps, companyOf(request).id, request.params.id);
      return { deleted: true };
    },
  );
};
