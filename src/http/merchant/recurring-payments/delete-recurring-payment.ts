import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { deleteRecurring } from '../../../domain/recurring/recurring.service.js';
import { merchantOf } from '../../auth/auth.js';
import { errors, IdParams } from '../../schemas.js';

export const deleteRecurringPaymentRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.delete(
    '/recurring-payments/:id',
    {
      schema: {
        summary: 'Delete recurring payment',
        description:
          'Only before the customer sets it up (draft, sent, overdue, rejected); an active one is cancelled instead. Its link stops working.',
        tags: ['merchant-payments'],
        params: IdParams,
        response: { 200: Type.Object({ deleted: Type.Boolean() }), ...errors(401, 403, 404, 409) },
      },
    },
    async (request) => {
      await deleteRecurring(app.deps, merchantOf(request), request.params.id);
      return { deleted: true };
    },
  );
};
