// Groups B and C: a partner's terminal manages the bank accounts and integrations of its companies.
import type { FastifyPluginAsync } from 'fastify';
import { useTerminalAuth } from '../auth/terminal-auth.js';
import { companyScope } from '../company-scope.js';
import { API_VERSIONS, setUpGroup } from '../group.js';
import { bankAccountRoutes } from './bank-accounts/routes.js';
import { attachBankAccountRoute } from './integrations/attach-bank-account.js';
import { createIntegrationRoute } from './integrations/create-integration.js';
import { deleteIntegrationRoute } from './integrations/delete-integration.js';
import { editIntegrationRoute } from './integrations/edit-integration.js';
import { getIntegrationRoute } from './integrations/get-integration.js';
import { listIntegrationsRoute } from './integrations/list-integrations.js';
import { rotateSecretKeyRoute } from './integrations/rotate-secret-key.js';
import { rotateWebhookSecretRoute } from './integrations/rotate-webhook-secret.js';

export const terminalRoutes: FastifyPluginAsync = async (app) => {
  await setUpGroup(app, app.deps, {
    auth: useTerminalAuth,
    apiVersion: (url) =>
      url.includes('/bank-accounts') ? API_VERSIONS.bankAccounts : API_VERSIONS.integrations,
    scope: companyScope(app.deps, { allowBanned: false }),
  });
  for (const route of [
    createIntegrationRoute,
    listIntegrationsRoute,
    getIntegrationRoute,
    editIntegrationRoute,
    deleteIntegrationRoute,
    attachBankAccountRoute,
    rotateSecretKeyRoute,
    rotateWebhookSecretRoute,
    ...bankAccountRoutes,
  ]) {
    await app.register(route);
  }
};
