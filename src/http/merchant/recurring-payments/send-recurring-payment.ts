import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { sendRecurring } from '../../../domain/recurring/recurring.service.js';
import { merchantOf } from '../../auth/auth.js';
import { errors, IdParams } from '../../schemas.js';
import { RecurringPaymentA, toRecurringA } from './recurring-view.js';

export const sendRecurringPaymentRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/recurring-payments/:id/send',
    {
      schema: {
        summary: 'Send recurring payment',
        description:
          'A draft (or an edited overdue one) -> sent: its link is e-mailed to the customer and recurring_payment.status_updated is emitted. 409 when the first payment date is no longer 3 working days away.',
        tags: ['merchant-payments'],
        params: IdParams,
        response: {
          200: Type.Object({ success: Type.Boolean(), result: RecurringPaymentA }),
          ...errors(401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const details = await sendRecurring(app.deps, merchantOf(request), request.params.id);
      return { success: true, result: toRecurringA(details, app.deps.config.publicUrl) };
    },
  );
};
