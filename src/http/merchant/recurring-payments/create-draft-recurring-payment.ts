import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { createRecurring } from '../../../domain/recurring/recurring.service.js';
import { merchantOf } from '../../auth/auth.js';
import { errors } from '../../schemas.js';
import { RecurringCreateBody, RecurringPaymentA, toRecurringA } from './recurring-view.js';

export const createDraftRecurringPaymentRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/recurring-payments',
    {
      schema: {
        summary: 'Create draft recurring payment',
        description: 'Writes the schedule out as items; nothing reaches the customer until it is sent.',
        tags: ['merchant-payments'],
        body: RecurringCreateBody,
        response: {
          201: Type.Object({ created: Type.Boolean(), result: RecurringPaymentA }),
          ...errors(400, 401, 403, 409),
        },
      },
    },
    async (request, reply) => {
      const { companyId, integrationId } = merchantOf(request);
      const details = await createRecurring(app.deps, { companyId, integrationId }, request.body, {
        send: false,
      });
      return reply
        .code(201)
        .send({ created: true, result: toRecurringA(details, app.deps.config.publicUrl) });
    },
  );
};
