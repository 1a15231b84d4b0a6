import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { listTransactions } from '../../../domain/transactions/transaction.service.js';
import { transactionParents } from '../../../domain/transactions/transaction-parents.js';
import { companyOf } from '../../company-scope.js';
import { envelopeD } from '../../paging.js';
import { CompanyParams, errors } from '../../schemas.js';
import { PagingD } from '../paging-d.js';
import { TransactionListQuery, transactionFilter } from './transaction-query.js';
import { TransactionD, toTransactionD } from './transaction-view-d.js';

export const partnerListTransactionsRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/companies/:companyId/transactions',
    {
      schema: {
        summary: 'List transactions',
        description:
          'Money received (incoming) and refunded (outgoing), newest first; page (default 1) and limit (1 to 100, default 25). Filter with filter/filterValue (isSandbox/true, status/completed, direction/incoming), status, direction, and dateFrom/dateTo on completedAt: status=completed&direction=incoming with the same dates lists what the statistic counts.',
        tags: ['partner'],
        params: CompanyParams,
        querystring: TransactionListQuery,
        response: { 200: PagingD(TransactionD), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const company = companyOf(request);
      const { page, limit, ...query } = request.query;
      const found = await listTransactions(app.deps, transactionFilter(company.id, query), { page, limit });
      const parents = await transactionParents(app.deps, company.id, found.docs);
      const publicUrl = app.deps.config.publicUrl;
      return envelopeD({ ...found, docs: found.docs.map((x) => toTransactionD(x, parents, publicUrl)) });
    },
  );
};
