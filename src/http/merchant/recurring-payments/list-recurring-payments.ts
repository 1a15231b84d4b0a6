import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { listRecurring } from '../../../domain/recurring/recurring.service.js';
import { merchantOf } from '../../auth/auth.js';
import { errors } from '../../schemas.js';
import { MerchantPageQuery } from '../payments/list-payments.js';
import { RecurringPaymentA, toRecurringA } from './recurring-view.js';

export const listRecurringPaymentsRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/recurring-payments',
    {
      schema: {
        summary: 'List recurring payments',
        description: 'A bare array, newest first; the total is in X-Total-Count.',
        tags: ['merchant-payments'],
        querystring: MerchantPageQuery,
        response: { 200: Type.Array(RecurringPaymentA), ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const page = await listRecurring(app.deps, merchantOf(request), request.query);
      reply.header('x-total-count', String(page.totalDocs));
      return page.docs.map((d) => toRecurringA(d, app.deps.config.publicUrl));
    },
  );
};
