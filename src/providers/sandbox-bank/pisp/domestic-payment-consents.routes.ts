// POST /domestic-payment-consents, GET /domestic-payment-consents/{ConsentId} and its
// /funds-confirmation
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { BankPluginOptions } from '../ob/api-plugin.js';
import { tokenFor } from '../ob/guard.js';
import { idempotentCreate } from '../ob/idempotency.js';
import { ConsentParams, DomesticConsentBody } from '../ob/schemas.js';
import { createDomesticConsent, domesticConsentView, findDomesticConsent } from './domestic-payments.js';
import { fundsConfirmation } from './funds-confirmation.js';

export const domesticPaymentConsentRoutes: FastifyPluginAsyncTypebox<BankPluginOptions> = async (
  app,
  { bank },
) => {
  app.post(
    '/domestic-payment-consents',
    {
      schema: {
        summary: 'Sandbox bank: create a domestic payment consent',
        tags: ['sandbox'],
        body: DomesticConsentBody,
      },
    },
    async (request, reply) => {
      const { client_id: clientId } = tokenFor(request);
      const id = await idempotentCreate(bank, request, clientId, 'domestic-payment-consents', (db) =>
        createDomesticConsent({ ...bank, db }, clientId, request.body),
      );
      const consent = await findDomesticConsent(bank, clientId, id);
      return reply.code(201).send(await domesticConsentView(bank, consent));
    },
  );

  app.get(
    '/domestic-payment-consents/:ConsentId',
    {
      schema: {
        summary: 'Sandbox bank: get a domestic payment consent',
        tags: ['sandbox'],
        params: ConsentParams,
      },
    },
    async (request) => {
      const consent = await findDomesticConsent(bank, tokenFor(request).client_id, request.params.ConsentId);
      return domesticConsentView(bank, consent);
    },
  );

  app.get(
    '/domestic-payment-consents/:ConsentId/funds-confirmation',
    {
      schema: {
        summary: 'Sandbox bank: confirm the funds of an authorised domestic payment consent',
        tags: ['sandbox'],
        params: ConsentParams,
      },
    },
    async (request) => fundsConfirmation(bank, tokenFor(request), request.params.ConsentId),
  );
};
