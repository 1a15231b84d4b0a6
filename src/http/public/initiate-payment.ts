// Initiate payment (spec 4.A, API.md 3): no credentials; the link's token is the credential. An
// unknown or finished link answers 401 text/plain "API token is expired" (spec part 7).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { DomainError } from '../../domain/errors.js';
import { initiateFromLink, LINK_TYPES } from '../../domain/payments/initiation.service.js';
import { errors, Nullable, Timestamp } from '../schemas.js';

export const initiatePaymentRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/payments/initiate',
    {
      schema: {
        summary: 'Initiate payment',
        description:
          "Starts paying a link at the payer's bank: `id` is the token after `p?=` (payment), `rp?=` (recurring payment) or `rf?=` (refund, authorised by the merchant); `externalId` the bank's provider id. Open `authorizationUrl` in the payer's browser. `other` answers the service's page with the merchant's details for a manual transfer.",
        tags: ['merchant-payments'],
        body: Type.Object(
          {
            type: Type.Union(LINK_TYPES.map((t) => Type.Literal(t))),
            id: Type.String({ minLength: 1, maxLength: 200 }),
            externalId: Type.String({ minLength: 1, maxLength: 100 }),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({
            data: Type.Object({ authorizationUrl: Type.String(), expiresAt: Nullable(Timestamp) }),
          }),
          401: {
            description: 'The link is unknown, deleted, cancelled or already paid',
            content: { 'text/plain': { schema: Type.String() } },
          },
          ...errors(400, 403, 409, 429, 502),
        },
      },
    },
    async (request, reply) => {
      try {
        return { data: await initiateFromLink(app.deps, request.body) };
      } catch (err) {
        if (err instanceof DomainError && err.code === 'unauthorized') {
          return reply.code(401).type('text/plain; charset=utf-8').send(err.message);
        }
        throw err;
      }
    },
  );
};
