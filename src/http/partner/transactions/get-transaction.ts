import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { getTransaction } from '../../../domain/transactions/transaction.service.js';
import { transactionParents } from '../../../domain/transactions/transaction-parents.js';
import { companyOf } from '../../company-scope.js';
import { CompanyIdParams, errors } from '../../schemas.js';
import { TransactionD, toTransactionD } from './transaction-view-d.js';

export const partnerGetTransactionRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/companies/:companyId/transactions/:id',
    {
      schema: {
        summary: 'Get transaction',
        tags: ['partner'],
        params: CompanyIdParams,
        response: { 200: Type.Object({ data: TransactionD }), ...errors(401, 403, 404) },
      },
    },
    async (request) => {
      const company = companyOf(request);
      const transaction = await getTransaction(app.deps, company.id, request.params.id);
      const parents = await transactionParents(app.deps, company.id, [transaction]);
      return { data: toTransactionD(transaction, parents, app.deps.config.publicUrl) };
    },
  );
};
