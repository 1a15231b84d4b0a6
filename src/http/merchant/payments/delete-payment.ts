import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { deletePayment } from '../../../domain/payments/payment.service.js';
import { merchantOf } from '../../auth/auth.js';
import { errors, IdParams } from '../../schemas.js';

export const deletePaymentRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.delete(
    '/payments/:id',
    {
      schema: {
        summary: 'Delete payment',
        description: 'Only draft and sent payments; the payment link stops working.',
        tags: ['merchant-payments'],
        params: IdParams,
        response: { 200: Type.Object({ deleted: Type.Boolean() }), ...errors(401, 403, 404, 409) },
      },
    },
    async (request) => {
      await deletePayment(app.deps, merchantOf(request), request.params.id);
      return { deleted: true };
    },
  );
};
