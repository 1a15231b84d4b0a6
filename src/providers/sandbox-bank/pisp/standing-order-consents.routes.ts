// POST /domestic-standing-order-consents, GET /domestic-standing-order-consents/{ConsentId}
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { BankPluginOptions } from '../ob/api-plugin.js';
import { tokenFor } from '../ob/guard.js';
import { idempotentCreate } from '../ob/idempotency.js';
import { ConsentParams, StandingOrderConsentBody } from '../ob/schemas.js';
import {
  createStandingOrderConsent,
  findStandingOrderConsent,
  standingOrderConsentView,
} from './standing-orders.js';

export const standingOrderConsentRoutes: FastifyPluginAsyncTypebox<BankPluginOptions> = async (
  app,
  { bank },
) => {
  app.post(
    '/domestic-standing-order-consents',
    {
      schema: {
        summary: 'Sandbox bank: create a domestic standing order consent',
        tags: ['sandbox'],
        body: StandingOrderConsentBody,
      },
    },
    async (request, reply) => {
      const { client_id: clientId } = tokenFor(request);
      const id = await idempotentCreate(bank, request, clientId, 'domestic-standing-order-consents', (db) =>
        createStandingOrderConsent({ ...bank, db }, clientId, request.body),
      );
      const consent = await findStandingOrderConsent(bank, clientId, id);
      return reply.code(201).send(await standingOrderConsentView(bank, consent));
    },
  );

  app.get(
    '/domestic-standing-order-consents/:ConsentId',
    {
      schema: {
        summary: 'Sandbox bank: get a domestic standing order consent',
        tags: ['sandbox'],
        params: ConsentParams,
      },
    },
    async (request) => {
      const consent = await findStandingOrderConsent(
        bank,
        tokenFor(request).client_id,
        request.params.ConsentId,
      );
      return standingOrderConsentView(bank, consent);
    },
  );
};
