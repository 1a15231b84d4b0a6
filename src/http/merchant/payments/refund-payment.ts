import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { refundPayment } from '../../../domain/payments/refund.service.js';
import { merchantOf } from '../../auth/auth.js';
import { errors, IdParams } from '../../schemas.js';
import { PaymentRefunded, RefundRequestBody, toRefunded } from './payment-view.js';

export const refundPaymentRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/payments/:id/refund',
    {
      schema: {
        summary: 'Refund payment',
        description:
          "Starts a refund of a paid (or partly refunded) payment: all that is left, or `amount`; to the payer's account as the bank told it, or to `payeeAccountInfo`. The payment moves to refund_started; open `refundLink` to authorise the outgoing payment at the merchant's bank. One refund at a time; refunds never add up to more than was paid.",
        tags: ['merchant-payments'],
        params: IdParams,
        body: RefundRequestBody,
        response: {
          200: Type.Object({ saved: Type.Boolean(), result: PaymentRefunded }),
          ...errors(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const result = await refundPayment(app.deps, merchantOf(request), request.params.id, request.body);
      return { saved: true, result: toRefunded(result, app.deps.config.publicUrl) };
    },
  );
};
