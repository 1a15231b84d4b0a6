import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { setDefaultBankAccount } from '../../../domain/bank-accounts/bank-account.service.js';
import { companyOf } from '../../company-scope.js';
import { CompanyIdParams, errors } from '../../schemas.js';
import { BankAccountB, toBankAccountB } from './bank-account-view.js';

export const setDefaultBankAccountRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/companies/:companyId/bank-accounts/:id/default',
    {
      schema: {
        summary: 'Set bank account as default',
        description:
          'The company keeps exactly one default account. A disabled account cannot be the default (409).',
        tags: ['bank-accounts'],
        params: CompanyIdParams,
        response: {
          200: Type.Object({ saved: Type.Boolean(), result: BankAccountB }),
          ...errors(401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const account = await setDefaultBankAccount(app.deps, companyOf(request).id, request.params.id);
      return { saved: true, result: toBankAccountB(account) };
    },
  );
};
