import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { rotateSecretKey } from '../../../domain/integrations/integration.service.js';
import { companyOf } from '../../company-scope.js';
import { CompanyIdParams, errors } from '../../schemas.js';

export const rotateSecretKeyRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/companies/:companyId/integrations/:id/secret-key',
    {
      schema: {
        summary: 'Rotate integration secret key',
        description: 'The old secret-key stops working at once; the new one is shown only here.',
        tags: ['integrations'],
        params: CompanyIdParams,
        response: {
          200: Type.Object({ data: Type.Object({ secretKey: Type.String() }) }),
          ...errors(401, 403, 404),
        },
      },
    },
    async (request) => ({
      data: { secretKey: await rotateSecretKey(app.deps, companyOf(request).id, request.params.id) },
    }),
  );
};
