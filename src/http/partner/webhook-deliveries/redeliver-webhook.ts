import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { redeliver } from '../../../domain/events/delivery.service.js';
import { partnerOf } from '../../auth/auth.js';
import { errors, IdParams } from '../../schemas.js';
import { DeliveryView, toDeliveryView } from './delivery-view.js';

export const redeliverWebhookRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/webhook-deliveries/:id/redeliver',
    {
      schema: {
        summary: 'Redeliver webhook',
        description:
          'Queues a delivered, failed or skipped webhook again, with the same webhook-id and a fresh retry schedule.',
        tags: ['partner'],
        params: IdParams,
        response: { 200: Type.Object({ data: DeliveryView }), ...errors(401, 404, 409) },
      },
    },
    async (request) => ({
      data: toDeliveryView(
        await redeliver(app.deps, { partnerId: partnerOf(request).partnerId }, request.params.id),
      ),
    }),
  );
};
