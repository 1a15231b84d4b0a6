import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { renameBankAccount } from '../../../domain/bank-accounts/bank-account.service.js';
import { companyOf } from '../../company-scope.js';
import { CompanyIdParams, errors } from '../../schemas.js';
import { BankAccountB, toBankAccountB } from './bank-account-view.js';

export const renameBankAccountRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.patch(
    '/companies/:companyId/bank-accounts/:id',
    {
      schema: {
        summary: 'Update bank account name',
        tags: ['bank-accounts'],
        params: CompanyIdParams,
        body: Type.Object(
          { name: Type.String({ minLength: 1, maxLength: 200 }) },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({ saved: Type.Boolean(), result: BankAccountB }),
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const account = await renameBankAccount(
        app.deps,
        companyOf(request).id,
        request.params.id,
        request.body.name,
      );
      return { saved: true, result: toBankAccountB(account) };
    },
  );
};
