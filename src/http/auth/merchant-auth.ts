// Group A credential: headers `integration-id` (object id) and `secret-key` (UUID) of a live integration.
// A banned company's integrations answer 403 (API.md 1.1). One query: it runs on every merchant call.
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../context.js';
import { DomainError } from '../../domain/errors.js';
import { authenticateIntegration } from '../../domain/integrations/integration.service.js';
import { header, UUID_RE, unauthorized } from './auth.js';
import { guarded } from './failed-attempts.js';

export function useMerchantAuth(app: FastifyInstance, deps: Deps): void {
  app.addHook('onRequest', async (request, reply) => {
    const integrationId = header(request, 'integration-id');
    const secretKey = header(request, 'secret-key');
    const credential = await guarded(
      deps,
      request,
      reply,
      integrationId && `integration:${integrationId}`,
      async () => {
        if (!integrationId || !secretKey || !UUID_RE.test(secretKey)) throw unauthorized();
        return (
          (await authenticateIntegration(deps, integrationId, secretKey)) ?? Promise.reject(unauthorized())
        );
      },
    );
    if (credential.companyStatus === 'banned') throw new DomainError('forbidden', 'this company is disabled');
    request.auth = {
      kind: 'merchant',
      credential: `integration:${credential.integrationId}`,
      partnerId: credential.partnerId,
      companyId: credential.companyId,
      integrationId: credential.integrationId,
      receiving: credential.receiving,
    };
  });
}
