// POST /domestic-standing-orders, GET /domestic-standing-orders/{DomesticStandingOrderId}[/payment-details]
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { BankPluginOptions } from '../ob/api-plugin.js';
import { forbidden } from '../ob/errors.js';
import { tokenFor } from '../ob/guard.js';
import { idempotentCreate } from '../ob/idempotency.js';
import { StandingOrderBody } from '../ob/schemas.js';
import { runStandingOrder } from './standing-order-runner.js';
import {
  createStandingOrder,
  findClientStandingOrder,
  standingOrderPaymentDetailsView,
  standingOrderView,
} from './standing-orders.js';

const Params = Type.Object({ DomesticStandingOrderId: Type.String({ minLength: 1, maxLength: 40 }) });

export const standingOrderRoutes: FastifyPluginAsyncTypebox<BankPluginOptions> = async (app, { bank }) => {
  app.post(
    '/domestic-standing-orders',
    {
      schema: {
        summary: 'Sandbox bank: set up a domestic standing order',
        tags: ['sandbox'],
        body: StandingOrderBody,
      },
    },
    async (request, reply) => {
      const token = tokenFor(request);
      if (!token.consent_id) {
        throw forbidden(
          'UK.OBIE.Resource.ConsentMismatch',
          'a standing order needs the customer’s authorisation token',
        );
      }
      const id = await idempotentCreate(bank, request, token.client_id, 'domestic-standing-orders', (db) =>
        createStandingOrder(bank, db, token, request.body),
      );
      const view = await standingOrderView(bank, await findClientStandingOrder(bank, token.client_id, id));
      // A first payment dated today (or earlier) is due at once.
      await runStandingOrder(bank, id);
      return reply.code(201).send(view);
    },
  );

  app.get(
    '/domestic-standing-orders/:DomesticStandingOrderId',
    { schema: { summary: 'Sandbox bank: get a domestic standing order', tags: ['sandbox'], params: Params } },
    async (request) => {
      const order = await findClientStandingOrder(
        bank,
        tokenFor(request).client_id,
        request.params.DomesticStandingOrderId,
      );
      return standingOrderView(bank, order);
    },
  );

  app.get(
    '/domestic-standing-orders/:DomesticStandingOrderId/payment-details',
    {
      schema: {
        summary: 'Sandbox bank: the payments a standing order made',
        tags: ['sandbox'],
        params: Params,
      },
    },
    async (request) => {
      const order = await findClientStandingOrder(
        bank,
        tokenFor(request).client_id,
        request.params.DomesticStandingOrderId,
      );
      return standingOrderPaymentDetailsView(bank, order);
    },
  );
};
