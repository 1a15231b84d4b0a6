// Sandbox control (API.md 9.1): the account holder rejects at the sandbox bank; redirectUrl carries
// error=access_denied back to the service.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { rejectAuthorisation, sandboxBankOf } from '../../providers/sandbox-bank/index.js';
import { errors } from '../schemas.js';

export const rejectAuthorizationControl: FastifyPluginAsyncTypebox = async (app) => {
  const bank = sandboxBankOf(app.deps);
  app.post(
    '/authorizations/reject',
    {
      schema: {
        summary: 'Reject a sandbox bank authorisation',
        tags: ['sandbox'],
        body: Type.Object(
          { authorizationUrl: Type.String({ minLength: 1, maxLength: 8000 }) },
          { additionalProperties: false },
        ),
        response: { 200: Type.Object({ redirectUrl: Type.String() }), ...errors(400, 404, 409) },
      },
    },
    async (request) => ({ redirectUrl: await rejectAuthorisation(bank, request.body.authorizationUrl) }),
  );
};
