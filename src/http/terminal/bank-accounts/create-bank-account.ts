import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ACCOUNT_NUMBER_PATTERN, SORT_CODE_PATTERN } from '../../../domain/bank-accounts/bank-account.js';
import { createBankAccount } from '../../../domain/bank-accounts/bank-account.service.js';
import { ProviderSchema } from '../../bank-accounts/provider-schema.js';
import { companyOf } from '../../company-scope.js';
import { CompanyParams, errors } from '../../schemas.js';
import { BankAccountB, toBankAccountB } from './bank-account-view.js';

export const createBankAccountRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/companies/:companyId/bank-accounts',
    {
      schema: {
        summary: 'Create bank account manually',
        description:
          "Status `pending` until checked. The company's first account becomes its default and is attached to its integrations that have none. 409 if the company already has this sort code and account number.",
        tags: ['bank-accounts'],
        params: CompanyParams,
        body: Type.Object(
          {
            sortCode: Type.String({ pattern: SORT_CODE_PATTERN, description: 'exactly 6 digits' }),
            accountNumber: Type.String({ pattern: ACCOUNT_NUMBER_PATTERN, description: 'exactly 8 digits' }),
            name: Type.String({ minLength: 1, maxLength: 200 }),
            provider: ProviderSchema(app.deps.banks.providers, { withOther: true }),
            bankStatementAttachmentURL: Type.String({ format: 'uri', maxLength: 2048 }),
          },
          { additionalProperties: false },
        ),
        response: {
          201: Type.Object({ created: Type.Boolean(), result: BankAccountB }),
          ...errors(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const account = await createBankAccount(app.deps, companyOf(request).id, request.body);
      return reply.code(201).send({ created: true, result: toBankAccountB(account) });
    },
  );
};
