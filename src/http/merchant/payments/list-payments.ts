import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { listPayments } from '../../../domain/payments/payment.service.js';
import { merchantOf } from '../../auth/auth.js';
import { errors, PageNumber } from '../../schemas.js';
import { PaymentSummary, toSummary } from './payment-view.js';

// Group A lists answer a bare array (spec); paging is by query, the total in X-Total-Count (API.md 1.3).
export const MerchantPageQuery = Type.Object({
  page: PageNumber,
  limit: Type.Integer({ minimum: 1, maximum: 1000, default: 100 }),
});

export const listPaymentsRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/payments',
    {
      schema: {
        summary: 'List payments',
        tags: ['merchant-payments'],
        querystring: MerchantPageQuery,
        response: { 200: Type.Array(PaymentSummary), ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const page = await listPayments(app.deps, merchantOf(request), request.query);
      reply.header('x-total-count', String(page.totalDocs));
      return page.docs.map(toSummary);
    },
  );
};
