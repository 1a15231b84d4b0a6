import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { listDeliveries } from '../../../domain/events/delivery.service.js';
import { merchantOf } from '../../auth/auth.js';
import { DeliveryView, toDeliveryView } from '../../partner/webhook-deliveries/delivery-view.js';
import { errors } from '../../schemas.js';
import { MerchantPageQuery } from '../payments/list-payments.js';

export const listWebhookDeliveriesRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/webhook-deliveries',
    {
      schema: {
        summary: 'List webhook deliveries',
        description:
          "The integration's webhooks, newest first, each with every attempt; the total in X-Total-Count.",
        tags: ['merchant-payments'],
        querystring: MerchantPageQuery,
        response: { 200: Type.Array(DeliveryView), ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { partnerId, integrationId } = merchantOf(request);
      const page = await listDeliveries(app.deps, { partnerId, integrationId }, request.query);
      reply.header('x-total-count', String(page.totalDocs));
      return page.docs.map(toDeliveryView);
    },
  );
};
