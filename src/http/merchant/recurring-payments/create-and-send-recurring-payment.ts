import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { createRecurring } from '../../../domain/recurring/recurring.service.js';
import { merchantOf } from '../../auth/auth.js';
import { errors } from '../../schemas.js';
import { RecurringCreateBody, RecurringPaymentA, toRecurringA } from './recurring-view.js';

export const createAndSendRecurringPaymentRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/recurring-payments/send',
    {
      schema: {
        summary: 'Create and send recurring payment',
        description:
          'Creates the recurring payment and sends it at once: its link `{PUBLIC_URL}/rp?=<token>` (in qrCodeData) is e-mailed to the customer and recurring_payment.status_updated is emitted.',
        tags: ['merchant-payments'],
        body: RecurringCreateBody,
        response: {
          201: Type.Object({ success: Type.Boolean(), result: RecurringPaymentA }),
          ...errors(400, 401, 403, 409),
        },
      },
    },
    async (request, reply) => {
      const { companyId, integrationId } = merchantOf(request);
      const details = await createRecurring(app.deps, { companyId, integrationId }, request.body, {
        send: true,
      });
      return reply
        .code(201)
        .send({ success: true, result: toRecurringA(details, app.deps.config.publicUrl) });
    },
  );
};
