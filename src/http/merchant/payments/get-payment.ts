import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { getPayment } from '../../../domain/payments/payment.service.js';
import { merchantOf } from '../../auth/auth.js';
import { errors, IdParams } from '../../schemas.js';
import { PaymentSummary, toSummary } from './payment-view.js';

export const getPaymentRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/payments/:id',
    {
      // Read with the credential, in one statement (merchant-auth.ts).
      config: { paymentWithCredential: true },
      schema: {
        summary: 'Get payment',
        tags: ['merchant-payments'],
        params: IdParams,
        response: {
          200: Type.Object({ created: Type.Boolean(), result: PaymentSummary }),
          ...errors(401, 403, 404),
        },
      },
    },
    async (request) => {
      const merchant = merchantOf(request);
      const payment = await getPayment(app.deps, merchant, request.params.id, merchant.paymentRead);
      return { created: true, result: toSummary(payment) };
    },
  );
};
