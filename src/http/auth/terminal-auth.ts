// Groups B and C credential: headers `terminal-id` (object id) and `terminal-secret` (UUID).
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../context.js';
import { authenticateTerminal } from '../../domain/partners/partner.service.js';
import { header, UUID_RE, unauthorized } from './auth.js';
import { guarded } from './failed-attempts.js';

export function useTerminalAuth(app: FastifyInstance, deps: Deps): void {
  app.addHook('onRequest', async (request, reply) => {
    const terminalId = header(request, 'terminal-id');
    const secret = header(request, 'terminal-secret');
    const terminal = await guarded(deps, request, reply, terminalId && `terminal:${terminalId}`, async () => {
      if (!terminalId || !secret || !UUID_RE.test(secret)) throw unauthorized();
      return (await authenticateTerminal(deps, terminalId, secret)) ?? Promise.reject(unauthorized());
    });
    request.auth = {
      kind: 'terminal',
      credential: `terminal:${terminal.id}`,
      partnerId: terminal.partnerId,
      terminalId: terminal.id,
    };
  });
}
