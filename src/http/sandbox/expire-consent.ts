// Sandbox control (API.md 9.1): a consent at the sandbox bank ends now. An account-access consent
// reaches its expiry (the bank refuses reads); an unused payment or standing-order consent is Rejected.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { expireConsent } from '../../providers/sandbox-bank/index.js';
import { errors, Id, Nullable, StringEnum } from '../schemas.js';

export const expireConsentControl: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/consents/:consentId/expire',
    {
      schema: {
        summary: 'Expire a sandbox bank consent',
        description:
          'consentId is the bank ConsentId. 409 when the consent is already used, rejected or revoked.',
        tags: ['sandbox'],
        params: Type.Object({ consentId: Id }),
        response: {
          200: Type.Object({
            consentId: Id,
            kind: Type.String(),
            // An account-access consent keeps its status (its expiry moves); a payment consent is Rejected.
            status: StringEnum(['AwaitingAuthorisation', 'Authorised', 'Rejected'], {
              title: 'SandboxConsentStatus',
            }),
            expiresAt: Nullable(Type.String()),
          }),
          ...errors(404, 409),
        },
      },
    },
    async (request) => expireConsent(app.deps, request.params.consentId),
  );
};
