import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { listDeliveries } from '../../../domain/events/delivery.service.js';
import { mapPage } from '../../../store/paging.js';
import { partnerOf } from '../../auth/auth.js';
import { envelopeD } from '../../paging.js';
import { errors, Nullable, PageQuery } from '../../schemas.js';
import { DeliveryView, toDeliveryView } from './delivery-view.js';

const PagedDeliveries = Type.Object({
  data: Type.Object({
    totalDocs: Type.Integer(),
    limit: Type.Integer(),
    totalPages: Type.Integer(),
    page: Type.Integer(),
    pagingCounter: Type.Integer(),
    hasPrevPage: Type.Boolean(),
    hasNextPage: Type.Boolean(),
    prevPage: Nullable(Type.Integer()),
    nextPage: Nullable(Type.Integer()),
    docs: Type.Array(DeliveryView),
  }),
});

export const listWebhookDeliveriesRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/webhook-deliveries',
    {
      schema: {
        summary: 'List webhook deliveries',
        description:
          "Webhooks to the partner and to its companies' integrations, newest first, each with every attempt.",
        tags: ['partner'],
        querystring: PageQuery,
        response: { 200: PagedDeliveries, ...errors(400, 401) },
      },
    },
    async (request) => {
      const page = await listDeliveries(app.deps, { partnerId: partnerOf(request).partnerId }, request.query);
      return envelopeD(mapPage(page, toDeliveryView));
    },
  );
};
