import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { assertCompanyNotBanned } from '../../../domain/companies/company-status.js';
import { updateIntegration } from '../../../domain/integrations/integration.service.js';
import { withBankAccount } from '../../../domain/integrations/integration-bank-accounts.js';
import { companyOf } from '../../company-scope.js';
import { CompanyIdParams, errors } from '../../schemas.js';
import { IntegrationD, IntegrationWriteD, toIntegrationD } from './integration-view.js';

const UpdatedIntegration = Type.Composite([
  IntegrationD,
  Type.Object({
    webhookSecret: Type.Optional(
      Type.String({ description: 'present when webhookUrl changed; shown only here' }),
    ),
  }),
]);

export const updateIntegrationRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.put(
    '/companies/:companyId/integrations/:id',
    {
      schema: {
        summary: 'Update integration',
        description:
          'Replaces the settings (servicePaymentPageRedirectEnabled defaults to true); redirectUrl, isSandbox and isRetryWebhookEnabled keep their value when left out.',
        tags: ['partner'],
        params: CompanyIdParams,
        body: IntegrationWriteD,
        response: {
          // The spec answers an update with `created` (spec 4.D); true means it was saved.
          200: Type.Object({ created: Type.Boolean(), result: UpdatedIntegration }),
          ...errors(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const company = companyOf(request);
      assertCompanyNotBanned(company);
      const { bankAccount, ...rest } = request.body;
      const { integration, webhookSecret } = await updateIntegration(
        app.deps,
        company.id,
        request.params.id,
        {
          ...rest,
          bankAccountId: bankAccount,
        },
      );
      return {
        created: true,
        result: {
          ...toIntegrationD(await withBankAccount(app.deps, integration)),
          ...(webhookSecret ? { webhookSecret } : {}),
        },
      };
    },
  );
};
