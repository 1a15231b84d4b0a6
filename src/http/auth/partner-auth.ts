// Group D credential: header `apisecret` (UUID), one of the partner's unrevoked API keys.
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../context.js';
import { authenticatePartner } from '../../domain/partners/partner.service.js';
import { header, UUID_RE, unauthorized } from './auth.js';

export function usePartnerAuth(app: FastifyInstance, deps: Deps): void {
  app.addHook('onRequest', async (request) => {
    const apisecret = header(request, 'apisecret');
    if (!apisecret || !UUID_RE.test(apisecret)) throw unauthorized();
    const found = await authenticatePartner(deps, apisecret);
    if (!found) throw unauthorized();
    request.auth = { kind: 'partner', credential: `partner-key:${found.keyId}`, ...found };
  });
}
