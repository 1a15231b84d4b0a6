import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { getBankAccount } from '../../../domain/bank-accounts/bank-account.service.js';
import { companyOf } from '../../company-scope.js';
import { CompanyIdParams, errors } from '../../schemas.js';
import { BankAccountB, toBankAccountB } from './bank-account-view.js';

export const getBankAccountRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/companies/:companyId/bank-accounts/:id',
    {
      schema: {
        summary: 'Get bank account',
        tags: ['bank-accounts'],
        params: CompanyIdParams,
        response: { 200: Type.Object({ data: BankAccountB }), ...errors(401, 403, 404) },
      },
    },
    async (request) => ({
      data: toBankAccountB(await getBankAccount(app.deps, companyOf(request).id, request.params.id)),
    }),
  );
};
