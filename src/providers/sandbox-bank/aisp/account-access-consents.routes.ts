// POST /account-access-consents, GET and DELETE /account-access-consents/{ConsentId}
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { updateConsentFrom } from '../consents.repository.js';
import type { BankPluginOptions } from '../ob/api-plugin.js';
import { tokenFor } from '../ob/guard.js';
import { AccessConsentBody, ConsentParams } from '../ob/schemas.js';
import { accessConsentView, createAccessConsent, findAccessConsent } from './account-access.js';

export const accountAccessConsentRoutes: FastifyPluginAsyncTypebox<BankPluginOptions> = async (
  app,
  { bank },
) => {
  app.post(
    '/account-access-consents',
    {
      schema: {
        summary: 'Sandbox bank: create an account access consent',
        tags: ['sandbox'],
        body: AccessConsentBody,
      },
    },
    async (request, reply) => {
      const { client_id: clientId } = tokenFor(request);
      const id = await createAccessConsent(bank, clientId, request.body);
      return reply.code(201).send(accessConsentView(bank, await findAccessConsent(bank, clientId, id)));
    },
  );

  app.get(
    '/account-access-consents/:ConsentId',
    {
      schema: {
        summary: 'Sandbox bank: get an account access consent',
        tags: ['sandbox'],
        params: ConsentParams,
      },
    },
    async (request) => {
      return accessConsentView(
        bank,
        await findAccessConsent(bank, tokenFor(request).client_id, request.params.ConsentId),
      );
    },
  );

  app.delete(
    '/account-access-consents/:ConsentId',
    {
      schema: {
        summary: 'Sandbox bank: delete an account access consent',
        tags: ['sandbox'],
        params: ConsentParams,
      },
    },
    async (request, reply) => {
      const consent = await findAccessConsent(bank, tokenFor(request).client_id, request.params.ConsentId);
      if (consent.status !== 'Revoked') {
        await updateConsentFrom(bank.db, consent.id, consent.status, {
          status: 'Revoked',
          status_updated_at: bank.clock.now().toISOString(),
        });
      }
      return reply.code(204).send();
    },
  );
};
