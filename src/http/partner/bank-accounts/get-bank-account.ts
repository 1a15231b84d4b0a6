import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { getBankAccount } from '../../../domain/bank-accounts/bank-account.service.js';
import { statementFilesOf } from '../../../domain/bank-accounts/bank-statement.service.js';
import { companyOf } from '../../company-scope.js';
import { CompanyIdParams, errors } from '../../schemas.js';
import { BankAccountD, toBankAccountD } from './bank-account-view.js';

export const partnerGetBankAccountRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/companies/:companyId/bank-accounts/:id',
    {
      schema: {
        summary: 'Get bank account',
        tags: ['partner'],
        params: CompanyIdParams,
        response: { 200: Type.Object({ data: BankAccountD }), ...errors(401, 403, 404) },
      },
    },
    async (request) => {
      const account = await getBankAccount(app.deps, companyOf(request).id, request.params.id);
      const files = await statementFilesOf(app.deps, [account]);
      return { data: toBankAccountD(account, files, app.deps.config.publicUrl) };
    },
  );
};
