import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { createPayment } from '../../../domain/payments/payment.service.js';
import { merchantOf } from '../../auth/auth.js';
import { errors } from '../../schemas.js';
import { PaymentCreateBody, PaymentSummary, toSummary } from './payment-view.js';

export const createDraftPaymentRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/payments',
    {
      schema: {
        summary: 'Create draft payment',
        tags: ['merchant-payments'],
        body: PaymentCreateBody,
        response: {
          200: Type.Object({ created: Type.Boolean(), result: PaymentSummary }),
          ...errors(400, 401, 403, 409),
        },
      },
    },
    async (request) => {
      const { companyId, integrationId, receiving } = merchantOf(request);
      const payment = await createPayment(
        app.deps,
        { companyId, integrationId, facts: receiving },
        request.body,
        {
          process: false,
        },
      );
      return { created: true, result: toSummary(payment) };
    },
  );
};
