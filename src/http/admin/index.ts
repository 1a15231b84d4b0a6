import type { FastifyPluginAsync } from 'fastify';
import { useAdminAuth } from '../auth/admin-auth.js';
import { setUpGroup } from '../group.js';
import { adminBankAccountStatusRoute } from './bank-account-status.js';
import { adminCreateCompanyRoute } from './create-company.js';
import { adminPartnerRoutes } from './partners.js';
import { adminPortalUserRoutes } from './portal-users.js';
import { revokeTerminalRoute } from './revoke-terminal.js';
import { rotateTerminalSecretRoute } from './rotate-terminal-secret.js';

export const adminRoutes: FastifyPluginAsync = async (app) => {
  await setUpGroup(app, app.deps, { auth: useAdminAuth, apiVersion: () => undefined, rateLimited: false });
  await app.register(adminPartnerRoutes);
  await app.register(adminCreateCompanyRoute);
  await app.register(adminBankAccountStatusRoute);
  await app.register(rotateTerminalSecretRoute);
  await app.register(revokeTerminalRoute);
  await app.register(adminPortalUserRoutes);
};
