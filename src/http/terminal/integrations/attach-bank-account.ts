import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { attachBankAccount } from '../../../domain/integrations/integration.service.js';
import { companyOf } from '../../company-scope.js';
import { CompanyIdParams, errors, Id } from '../../schemas.js';
import { IntegrationC, toIntegrationC } from './integration-view.js';

export const attachBankAccountRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.put(
    '/companies/:companyId/integrations/:id/bank-account',
    {
      schema: {
        summary: 'Attach bank account to integration',
        description: 'Payments created with this integration are received into this bank account.',
        tags: ['integrations'],
        params: CompanyIdParams,
        body: Type.Object({ bankAccount: Id }, { additionalProperties: false }),
        response: {
          200: Type.Object({ saved: Type.Boolean(), result: IntegrationC }),
          ...errors(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const integration = await attachBankAccount(
        app.deps,
        companyOf(request).id,
        request.params.id,
        request.body.bankAccount,
      );
      return { saved: true, result: toIntegrationC(integration) };
    },
  );
};
