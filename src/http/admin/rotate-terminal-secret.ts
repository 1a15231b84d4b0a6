// Operator API: rotate a terminal's secret (issue 12 item 7). The new secret is answered once.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { rotateTerminalSecret } from '../../domain/partners/partner.service.js';
import { errors, Id } from '../schemas.js';

export const rotateTerminalSecretRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/partners/:partnerId/terminals/:terminalId/secret',
    {
      schema: {
        summary: 'Rotate terminal secret',
        description: 'A new terminal secret, shown only here; the old one stops working at once.',
        tags: ['admin'],
        params: Type.Object({ partnerId: Id, terminalId: Id }),
        response: {
          200: Type.Object({
            terminalId: Id,
            terminalSecret: Type.String({ description: 'shown only here' }),
          }),
          ...errors(401, 404),
        },
      },
    },
    async (request) => rotateTerminalSecret(app.deps, request.params.partnerId, request.params.terminalId),
  );
};
