// Group D credential: header `apisecret` (UUID), one of the partner's unrevoked API keys.
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../context.js';
import { authenticatePartner } from '../../domain/partners/partner.service.js';
import { header, UUID_RE, unauthorized } from './auth.js';
import { guarded, secretKey } from './failed-attempts.js';

export function usePartnerAuth(app: FastifyInstance, deps: Deps): void {
  app.addHook('onRequest', async (request, reply) => {
    const apisecret = header(request, 'apisecret');
    // The key carries no id: a prefix of the presented secret's hash stands for it.
    const id = apisecret && secretKey('apisecret', apisecret);
    const found = await guarded(deps, request, reply, id, async () => {
      if (!apisecret || !UUID_RE.test(apisecret)) throw unauthorized();
      return (await authenticatePartner(deps, apisecret)) ?? Promise.reject(unauthorized());
    });
    request.auth = { kind: 'partner', credential: `partner-key:${found.keyId}`, ...found };
  });
}
