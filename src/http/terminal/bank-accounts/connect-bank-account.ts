import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { startConnection } from '../../../domain/bank-accounts/bank-connection.service.js';
import { ProviderSchema } from '../../bank-accounts/provider-schema.js';
import { companyOf } from '../../company-scope.js';
import { CompanyParams, errors } from '../../schemas.js';

export const connectBankAccountRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/companies/:companyId/bank-accounts/connect',
    {
      // It asks the bank for a consent between its own transactions (API.md 1.2).
      config: { idempotency: 'after-bank-call' },
      // The provider is optional, and so is the body that would carry it. A JSON null is a body, and not
      // an object: a 400 like on every other route (the document says the body is an object or absent).
      preValidation: async (request) => {
        if (request.body === undefined) request.body = {};
      },
      schema: {
        summary: 'Connect a bank account via app',
        description:
          "Open `authUri` in the merchant's browser: the bank's authorisation page for an account-access consent, or, without `provider`, the service's page where the merchant picks the bank first. Each account the merchant grants becomes a `data_api` bank account (status `verified`) and a `status-update` webhook is sent.",
        tags: ['bank-accounts'],
        params: CompanyParams,
        body: Type.Object(
          { provider: Type.Optional(ProviderSchema(app.deps.banks.providers, { withOther: false })) },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({ data: Type.Object({ authUri: Type.String() }) }),
          ...errors(400, 401, 403, 404, 502),
        },
      },
    },
    async (request) => ({
      data: await startConnection(app.deps, companyOf(request).id, request.body.provider),
    }),
  );
};
