import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { createAndProcessPayment } from '../../../domain/payments/payment.service.js';
import { merchantOf } from '../../auth/auth.js';
import { errors } from '../../schemas.js';
import { PaymentCreateBody, PaymentProcessed, toProcessed } from './payment-view.js';

export const createAndProcessPaymentRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/payments/process',
    {
      schema: {
        summary: 'Create and process payment',
        description:
          'Creates the payment and sends it at once: the answer carries its link and QR code data.',
        tags: ['merchant-payments'],
        body: PaymentCreateBody,
        response: {
          200: Type.Object({ created: Type.Boolean(), result: PaymentProcessed }),
          ...errors(400, 401, 403, 409),
        },
      },
    },
    async (request) => {
      const { companyId, integrationId, receiving } = merchantOf(request);
      const { payment, actions } = await createAndProcessPayment(
        app.deps,
        { companyId, integrationId, facts: receiving },
        request.body,
      );
      return { created: true, result: toProcessed(payment, actions, app.deps.config.publicUrl) };
    },
  );
};
