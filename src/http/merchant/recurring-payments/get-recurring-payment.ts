import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { getRecurringDetails } from '../../../domain/recurring/recurring.service.js';
import { merchantOf } from '../../auth/auth.js';
import { errors, IdParams } from '../../schemas.js';
import { RecurringPaymentA, toRecurringA } from './recurring-view.js';

export const getRecurringPaymentRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/recurring-payments/:id',
    {
      schema: {
        summary: 'Get recurring payment',
        tags: ['merchant-payments'],
        params: IdParams,
        response: { 200: RecurringPaymentA, ...errors(401, 403, 404) },
      },
    },
    async (request) => {
      const details = await getRecurringDetails(app.deps, merchantOf(request), request.params.id);
      return toRecurringA(details, app.deps.config.publicUrl);
    },
  );
};
