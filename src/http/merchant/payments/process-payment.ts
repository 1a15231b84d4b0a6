import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { processPayment } from '../../../domain/payments/payment.service.js';
import { merchantOf } from '../../auth/auth.js';
import { errors, IdParams } from '../../schemas.js';
import { PaymentSummary, toSummary } from './payment-view.js';

export const processPaymentRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/payments/:id/process',
    {
      schema: {
        summary: 'Process payment',
        description:
          'Sends a draft payment: makes its link, e-mails the customer, and emits payment.status_updated.',
        tags: ['merchant-payments'],
        params: IdParams,
        response: {
          200: Type.Object({ saved: Type.Boolean(), result: PaymentSummary }),
          ...errors(401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const payment = await processPayment(app.deps, merchantOf(request), request.params.id);
      return { saved: true, result: toSummary(payment) };
    },
  );
};
