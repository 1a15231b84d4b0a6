// Sandbox control (API.md 9.1): the sandbox bank approves an authorisation as if the account holder
// clicked Approve; a GET of redirectUrl then does what the browser's return would.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { approveAuthorisation, sandboxBankOf } from '../../providers/sandbox-bank/index.js';
import { errors, Id } from '../schemas.js';

export const approveAuthorizationControl: FastifyPluginAsyncTypebox = async (app) => {
  const bank = sandboxBankOf(app.deps);
  app.post(
    '/authorizations/approve',
    {
      schema: {
        summary: 'Approve a sandbox bank authorisation',
        description:
          "The payer is the consent's DebtorAccount when it names one (a refund names the merchant's account), else customerId, else the default demo customer. 409 when the consent was already decided.",
        tags: ['sandbox'],
        body: Type.Object(
          {
            authorizationUrl: Type.String({ minLength: 1, maxLength: 8000 }),
            customerId: Type.Optional(Id),
          },
          { additionalProperties: false },
        ),
        response: { 200: Type.Object({ redirectUrl: Type.String() }), ...errors(400, 404, 409) },
      },
    },
    async (request) => ({
      redirectUrl: await approveAuthorisation(bank, request.body.authorizationUrl, request.body.customerId),
    }),
  );
};
