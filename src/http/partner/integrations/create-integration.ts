import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { assertCompanyNotBanned } from '../../../domain/companies/company-status.js';
import { createIntegration } from '../../../domain/integrations/integration.service.js';
import { withBankAccount } from '../../../domain/integrations/integration-bank-accounts.js';
import { companyOf } from '../../company-scope.js';
import { CompanyParams, errors } from '../../schemas.js';
import { IntegrationD, IntegrationWriteD, toIntegrationD } from './integration-view.js';

const CreatedIntegration = Type.Composite([
  IntegrationD,
  Type.Object({
    secretKey: Type.String({ description: 'the integration secret-key; shown only here' }),
    webhookSecret: Type.String({ description: 'signs the webhooks to webhookUrl; shown only here' }),
  }),
]);

export const createIntegrationRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/companies/:companyId/integrations',
    {
      schema: {
        summary: 'Create integration',
        description: 'Payments made with it are received into bankAccount (404 if unknown, 409 if disabled).',
        tags: ['partner'],
        params: CompanyParams,
        body: IntegrationWriteD,
        response: {
          200: Type.Object({ created: Type.Boolean(), result: CreatedIntegration }),
          ...errors(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const company = companyOf(request);
      assertCompanyNotBanned(company);
      const { bankAccount, ...rest } = request.body;
      const created = await createIntegration(app.deps, company.id, { ...rest, bankAccountId: bankAccount });
      return {
        created: true,
        result: {
          ...toIntegrationD(await withBankAccount(app.deps, created.integration)),
          secretKey: created.secretKey,
          webhookSecret: created.webhookSecret,
        },
      };
    },
  );
};
