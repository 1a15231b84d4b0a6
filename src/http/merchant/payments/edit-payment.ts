import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { invalid } from '../../../domain/errors.js';
import { editPayment } from '../../../domain/payments/payment.service.js';
import { merchantOf } from '../../auth/auth.js';
import { errors, IdParams } from '../../schemas.js';
import { PaymentEditBody, PaymentSummary, toSummary } from './payment-view.js';

export const editPaymentRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.put(
    '/payments/:id',
    {
      schema: {
        summary: 'Edit payment',
        description: 'Only draft and sent payments; `_id` must equal the id in the path.',
        tags: ['merchant-payments'],
        params: IdParams,
        body: PaymentEditBody,
        response: {
          200: Type.Object({ saved: Type.Boolean(), result: PaymentSummary }),
          ...errors(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const { _id, ...edit } = request.body;
      if (_id !== request.params.id) throw invalid('/_id', 'must equal the payment id in the path');
      const payment = await editPayment(app.deps, merchantOf(request), request.params.id, edit);
      return { saved: true, result: toSummary(payment) };
    },
  );
};
