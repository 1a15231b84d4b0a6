import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { cancelRecurring } from '../../../domain/recurring/recurring.service.js';
import { merchantOf } from '../../auth/auth.js';
import { errors, IdParams } from '../../schemas.js';
import { RecurringPaymentA, toRecurringA } from './recurring-view.js';

export const cancelRecurringPaymentRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/recurring-payments/:id/cancel',
    {
      schema: {
        summary: 'Cancel recurring payment',
        description:
          'Stops a sent, overdue, rejected or active recurring payment: items not yet due are cancelled. The standing order is held by the customer at their bank; they are e-mailed to cancel it there.',
        tags: ['merchant-payments'],
        params: IdParams,
        response: {
          200: Type.Object({ saved: Type.Boolean(), result: RecurringPaymentA }),
          ...errors(401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const details = await cancelRecurring(app.deps, merchantOf(request), request.params.id);
      return { saved: true, result: toRecurringA(details, app.deps.config.publicUrl) };
    },
  );
};
