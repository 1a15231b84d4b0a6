// Group A credential: headers `integration-id` (object id) and `secret-key` (UUID) of a live integration.
// A banned company's integrations answer 403 (API.md 1.1). One query: it runs on every merchant call, and
// a get payment's read rides in it.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Deps } from '../../context.js';
import { DomainError } from '../../domain/errors.js';
import { authenticateIntegration } from '../../domain/integrations/integration.service.js';
import { authenticateWithPayment } from '../../domain/payments/payment.service.js';
import { header, UUID_RE, unauthorized } from './auth.js';
import { guarded } from './failed-attempts.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's `:id` is a payment of the caller's: it is read in the credential's own statement
     * (request.auth.paymentRead), so that the route needs no second round trip to the database.
     */
    paymentWithCredential?: boolean;
  }
}

/** The credential and, for a route that asks, its payment: one statement either way. */
async function authenticate(request: FastifyRequest, deps: Deps, integrationId: string, secretKey: string) {
  const paymentId = request.routeOptions.config.paymentWithCredential
    ? (request.params as { id?: unknown }).id
    : undefined;
  if (typeof paymentId === 'string')
    return authenticateWithPayment(deps, integrationId, secretKey, paymentId);
  const credential = await authenticateIntegration(deps, integrationId, secretKey);
  return credential && { credential, read: undefined };
}

export function useMerchantAuth(app: FastifyInstance, deps: Deps): void {
  app.addHook('onRequest', async (request, reply) => {
    const integrationId = header(request, 'integration-id');
    const secretKey = header(request, 'secret-key');
    const { credential, read } = await guarded(
      deps,
      request,
      reply,
      integrationId && `integration:${integrationId}`,
      async () => {
        if (!integrationId || !secretKey || !UUID_RE.test(secretKey)) throw unauthorized();
        return (
          (await authenticate(request, deps, integrationId, secretKey)) ?? Promise.reject(unauthorized())
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
      paymentRead: read,
    };
  });
}
