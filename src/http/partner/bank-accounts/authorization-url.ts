import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { startConnection } from '../../../domain/bank-accounts/bank-connection.service.js';
import { ProviderSchema } from '../../bank-accounts/provider-schema.js';
import { companyOf } from '../../company-scope.js';
import { CompanyParams, errors } from '../../schemas.js';

export const partnerAuthorizationUrlRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/companies/:companyId/bank-accounts/authorization-url',
    {
      schema: {
        summary: 'Get bank account authorization service URL',
        description:
          "Where the merchant connects a bank account via the bank's data API: the bank's page for `provider`, or without it the service's page where the merchant picks the bank. Each attempt sends `bank_account_status_update` for the accounts it connects.",
        tags: ['partner'],
        params: CompanyParams,
        querystring: Type.Object({
          provider: Type.Optional(ProviderSchema(app.deps.banks.providers, { withOther: false })),
        }),
        response: {
          200: Type.Object({ data: Type.Object({ authUri: Type.String() }) }),
          ...errors(400, 401, 403, 404, 502),
        },
      },
    },
    async (request) => ({
      data: await startConnection(app.deps, companyOf(request).id, request.query.provider),
    }),
  );
};
