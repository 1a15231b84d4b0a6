// Operator credential: `Authorization: Bearer <ADMIN_TOKEN>`, only on /admin/v1.
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../context.js';
import { isAdminToken } from '../../domain/partners/admin-token.js';
import { header, unauthorized } from './auth.js';
import { guarded } from './failed-attempts.js';

export function useAdminAuth(app: FastifyInstance, deps: Deps): void {
  app.addHook('onRequest', async (request, reply) => {
    const match = /^Bearer (\S+)$/.exec(header(request, 'authorization') ?? '');
    // There is one operator: every failed bearer token counts against it as well as the address.
    await guarded(deps, request, reply, 'admin', async () => {
      if (!match?.[1] || !(await isAdminToken(deps, match[1]))) throw unauthorized();
    });
    request.auth = { kind: 'admin', credential: 'admin' };
  });
}
