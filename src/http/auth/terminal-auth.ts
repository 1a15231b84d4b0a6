// Groups B and C credential: headers `terminal-id` (object id) and `terminal-secret` (UUID).
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../context.js';
import { authenticateTerminal } from '../../domain/partners/partner.service.js';
import { header, UUID_RE, unauthorized } from './auth.js';

export function useTerminalAuth(app: FastifyInstance, deps: Deps): void {
  app.addHook('onRequest', async (request) => {
    const terminalId = header(request, 'terminal-id');
    const secret = header(request, 'terminal-secret');
    if (!terminalId || !secret || !UUID_RE.test(secret)) throw unauthorized();
    const terminal = await authenticateTerminal(deps, terminalId, secret);
    if (!terminal) throw unauthorized();
    request.auth = {
      kind: 'terminal',
      credential: `terminal:${terminal.id}`,
      partnerId: terminal.partnerId,
      terminalId: terminal.id,
    };
  });
}
