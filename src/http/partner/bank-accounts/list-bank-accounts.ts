import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { listAllBankAccounts } from '../../../domain/bank-accounts/bank-account.service.js';
import { statementFilesOf } from '../../../domain/bank-accounts/bank-statement.service.js';
import { companyOf } from '../../company-scope.js';
import { CompanyParams, errors } from '../../schemas.js';
import { BankAccountD, toBankAccountD } from './bank-account-view.js';

export const partnerListBankAccountsRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/companies/:companyId/bank-accounts',
    {
      schema: {
        summary: 'List bank accounts',
        tags: ['partner'],
        params: CompanyParams,
        response: { 200: Type.Object({ data: Type.Array(BankAccountD) }), ...errors(401, 403, 404) },
      },
    },
    async (request) => {
      const accounts = await listAllBankAccounts(app.deps, companyOf(request).id);
      const files = await statementFilesOf(app.deps, accounts);
      return { data: accounts.map((a) => toBankAccountD(a, files, app.deps.config.publicUrl)) };
    },
  );
};
