import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { editRecurring } from '../../../domain/recurring/recurring.service.js';
import { merchantOf } from '../../auth/auth.js';
import { errors, IdParams } from '../../schemas.js';
import { RecurringCreateBody, RecurringPaymentA, toRecurringA } from './recurring-view.js';

export const editRecurringPaymentRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.put(
    '/recurring-payments/:id',
    {
      schema: {
        summary: 'Edit recurring payment',
        description:
          'Only draft or overdue recurring payments (else 409). The whole RecurringCreate body is given again; the schedule is rewritten.',
        tags: ['merchant-payments'],
        params: IdParams,
        body: RecurringCreateBody,
        response: {
          200: Type.Object({ saved: Type.Boolean(), result: RecurringPaymentA }),
          ...errors(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const details = await editRecurring(app.deps, merchantOf(request), request.params.id, request.body);
      return { saved: true, result: toRecurringA(details, app.deps.config.publicUrl) };
    },
  );
};
