// Group A: merchant payments, with the integration's credentials (integration-id + secret-key).
import type { FastifyPluginAsync } from 'fastify';
import { useMerchantAuth } from '../auth/merchant-auth.js';
import { API_VERSIONS, setUpGroup } from '../group.js';
import { connectionTypeRoute } from './connection-type.js';

export const merchantRoutes: FastifyPluginAsync = async (app) => {
  await setUpGroup(app, app.deps, { auth: useMerchantAuth, apiVersion: () => API_VERSIONS.merchant });
  // Each operation of spec 4.A is one file in this folder, registered here.
  for (const route of [connectionTypeRoute]) {
    await app.register(route);
  }
};
