// The sandbox bank as one Fastify plugin: its OAuth2 endpoints, the customer's authorisation page and
// its Open Banking Read/Write API v3.1 at /open-banking/v3.1/pisp and /aisp. Mounted by the service
// under /sandbox-bank, or at the root by standalone.ts.
import type { FastifyPluginAsync } from 'fastify';
import { accountAccessConsentRoutes } from './aisp/account-access-consents.routes.js';
import { accountRoutes } from './aisp/accounts.routes.js';
import { authorizeRoutes } from './oauth/authorize.routes.js';
import { tokenRoutes } from './oauth/token.routes.js';
import { type BankPluginOptions, setUpObApi } from './ob/api-plugin.js';
import { domesticPaymentConsentRoutes } from './pisp/domestic-payment-consents.routes.js';
import { domesticPaymentRoutes } from './pisp/domestic-payments.routes.js';
import { standingOrderConsentRoutes } from './pisp/standing-order-consents.routes.js';
import { standingOrderRoutes } from './pisp/standing-orders.routes.js';
import { seedDemoCustomers } from './seed.js';

export const sandboxBankPlugin: FastifyPluginAsync<BankPluginOptions> = async (app, { bank }) => {
  await seedDemoCustomers(bank);
  await app.register(tokenRoutes, { bank });
  await app.register(authorizeRoutes, { bank });
  await app.register(
    async (pisp) => {
      setUpObApi(pisp, bank, 'payments');
      for (const routes of [
        domesticPaymentConsentRoutes,
        domesticPaymentRoutes,
        standingOrderConsentRoutes,
        standingOrderRoutes,
      ]) {
        await pisp.register(routes, { bank });
      }
    },
    { prefix: '/open-banking/v3.1/pisp' },
  );
  await app.register(
    async (aisp) => {
      setUpObApi(aisp, bank, 'accounts');
      for (const routes of [accountAccessConsentRoutes, accountRoutes]) await aisp.register(routes, { bank });
    },
    { prefix: '/open-banking/v3.1/aisp' },
  );
};
