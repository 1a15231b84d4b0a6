// Group D: the partner API, with the partner's `apisecret`.
import type { FastifyPluginAsync } from 'fastify';
import { usePartnerAuth } from '../auth/partner-auth.js';
import { companyScope } from '../company-scope.js';
import { API_VERSIONS, setUpGroup } from '../group.js';
import { partnerBankAccountRoutes } from './bank-accounts/routes.js';
import { partnerBrandingRoutes } from './branding/routes.js';
import { partnerCompanyRoutes } from './companies/routes.js';
import { partnerIntegrationRoutes } from './integrations/routes.js';
import { partnerPaymentRoutes } from './payments/routes.js';
import { partnerRecurringPaymentRoutes } from './recurring-payments/routes.js';
import { partnerSettingsRoutes } from './settings/routes.js';
import { partnerTransactionRoutes } from './transactions/routes.js';
import { webhookDeliveryRoutes } from './webhook-deliveries/routes.js';

export const partnerRoutes: FastifyPluginAsync = async (app) => {
  await setUpGroup(app, app.deps, {
    auth: usePartnerAuth,
    apiVersion: () => API_VERSIONS.partner,
    // The partner keeps reading and updating a company it disabled.
    scope: companyScope(app.deps, { allowBanned: true }),
  });
  // Each operation of spec 4.D is one file in this folder, registered here.
  for (const route of partnerBankAccountRoutes) await app.register(route);
  for (const route of partnerSettingsRoutes) await app.register(route);
  for (const route of webhookDeliveryRoutes) await app.register(route);
  for (const route of partnerCompanyRoutes) await app.register(route);
  for (const route of partnerIntegrationRoutes) await app.register(route);
  for (const route of partnerPaymentRoutes) await app.register(route);
  for (const route of partnerRecurringPaymentRoutes) await app.register(route);
  for (const route of partnerTransactionRoutes) await app.register(route);
  for (const route of partnerBrandingRoutes) await app.register(route);
};
