import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { connectionTypeOf } from '../../domain/bank-accounts/bank-account.service.js';
import { getIntegration } from '../../domain/integrations/integration.service.js';
import { merchantOf } from '../auth/auth.js';
import { errors } from '../schemas.js';

export const connectionTypeRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/bank-account/connection-type',
    {
      schema: {
        summary: 'Get bank account connection type',
        description:
          "How the integration's bank account was added: `data_api` (connected via the bank's app) or `manually_created`. 409 when the integration has no bank account.",
        tags: ['merchant-payments'],
        response: {
          200: Type.Object({
            data: Type.Object({
              connectionType: Type.Union([Type.Literal('manually_created'), Type.Literal('data_api')]),
            }),
          }),
          ...errors(401, 403, 409),
        },
      },
    },
    async (request) => {
      const { companyId, integrationId } = merchantOf(request);
      // Read now, not from the credential check: the account may have been attached a moment ago.
      const integration = await getIntegration(app.deps, companyId, integrationId);
      return {
        data: { connectionType: await connectionTypeOf(app.deps, companyId, integration.bankAccountId) },
      };
    },
  );
};
