import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { listRecurringItems } from '../../../domain/recurring/recurring.service.js';
import { merchantOf } from '../../auth/auth.js';
import { errors, IdParams } from '../../schemas.js';
import { RecurringItemA, toItemA } from './recurring-view.js';

export const listRecurringPaymentItemsRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/recurring-payments/:id/payments',
    {
      schema: {
        summary: 'List payments of a recurring payment',
        description:
          'Its items in schedule order: every item of a finite schedule; for one that runs until cancelled, those past and a rolling window ahead.',
        tags: ['merchant-payments'],
        params: IdParams,
        response: { 200: Type.Array(RecurringItemA), ...errors(401, 403, 404) },
      },
    },
    async (request) => {
      const items = await listRecurringItems(app.deps, merchantOf(request), request.params.id);
      return items.map(toItemA);
    },
  );
};
