// Group D: the partner API, with the partner's `apisecret`.
import type { FastifyPluginAsync } from 'fastify';
import { usePartnerAuth } from '../auth/partner-auth.js';
import { companyScope } from '../company-scope.js';
import { API_VERSIONS, setUpGroup } from '../group.js';

export const partnerRoutes: FastifyPluginAsync = async (app) => {
  await setUpGroup(app, app.deps, {
    auth: usePartnerAuth,
    apiVersion: () => API_VERSIONS.partner,
    // The partner keeps reading and updating a company it disabled.
    scope: companyScope(app.deps, { allowBanned: true }),
  });
  // Each operation of spec 4.D is one file in this folder, registered here.
};
