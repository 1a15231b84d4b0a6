import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { redeliver } from '../../../domain/events/delivery.service.js';
import { merchantOf } from '../../auth/auth.js';
import { DeliveryView, toDeliveryView } from '../../partner/webhook-deliveries/delivery-view.js';
import { errors, IdParams } from '../../schemas.js';

export const redeliverWebhookRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/webhook-deliveries/:id/redeliver',
    {
      schema: {
        summary: 'Redeliver webhook',
        description:
          'Queues a delivered, failed or skipped webhook of the integration again, with the same webhook-id and a fresh retry schedule.',
        tags: ['merchant-payments'],
        params: IdParams,
        response: {
          200: Type.Object({ saved: Type.Boolean(), result: DeliveryView }),
          ...errors(401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const { partnerId, integrationId } = merchantOf(request);
      const delivery = await redeliver(app.deps, { partnerId, integrationId }, request.params.id);
      return { saved: true, result: toDeliveryView(delivery) };
    },
  );
};
