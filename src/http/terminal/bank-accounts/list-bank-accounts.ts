import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { listBankAccounts } from '../../../domain/bank-accounts/bank-account.service.js';
import { mapPage } from '../../../store/paging.js';
import { companyOf } from '../../company-scope.js';
import { envelopeB } from '../../paging.js';
import { CompanyParams, errors, PageQuery, PagingB } from '../../schemas.js';
import { BankAccountB, toBankAccountB } from './bank-account-view.js';

export const listBankAccountsRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/companies/:companyId/bank-accounts',
    {
      schema: {
        summary: 'List bank accounts',
        tags: ['bank-accounts'],
        params: CompanyParams,
        querystring: PageQuery,
        response: { 200: PagingB(BankAccountB), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const page = await listBankAccounts(app.deps, companyOf(request).id, request.query);
      return envelopeB(mapPage(page, toBankAccountB));
    },
  );
};
