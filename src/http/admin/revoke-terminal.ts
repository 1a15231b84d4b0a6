// Operator API: revoke a terminal (issue 12 item 7): its credential answers 401 from then on.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { revokeTerminal } from '../../domain/partners/partner.service.js';
import { errors, Id } from '../schemas.js';

export const revokeTerminalRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.delete(
    '/partners/:partnerId/terminals/:terminalId',
    {
      schema: {
        summary: 'Revoke terminal',
        description: 'The terminal credential stops working at once; a revoked terminal cannot be rotated.',
        tags: ['admin'],
        params: Type.Object({ partnerId: Id, terminalId: Id }),
        response: { 200: Type.Object({ deleted: Type.Boolean() }), ...errors(401, 404) },
      },
    },
    async (request) => {
      await revokeTerminal(app.deps, request.params.partnerId, request.params.terminalId);
      return { deleted: true };
    },
  );
};
