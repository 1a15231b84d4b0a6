// The sandbox bank as two Fastify plugins (API.md 10.3): on the service's origin, under its issuer,
// the customer's authorisation page and its discovery document; on its own HTTPS port with client
// certificates, its token endpoint and its Open Banking Read/Write API v3.1 at
// /open-banking/v3.1/pisp and /aisp. Mounted by the service, or by standalone.ts.
import type { FastifyPluginAsync } from 'fastify';
import { accountAccessConsentRoutes } from './aisp/account-access-consents.routes.js';
import { accountRoutes } from './aisp/accounts.routes.js';
import { authorizeRoutes } from './oauth/authorize.routes.js';
import { discoveryRoutes } from './oauth/discovery.routes.js';
import { registrationRoutes } from './oauth/registration.routes.js';
import { tokenRoutes } from './oauth/token.routes.js';
import { type BankPluginOptions, setUpObApi } from './ob/api-plugin.js';
import { domesticPaymentConsentRoutes } from './pisp/domestic-payment-consents.routes.js';
import { domesticPaymentRoutes } from './pisp/domestic-payments.routes.js';
import { standingOrderConsentRoutes } from './pisp/standing-order-consents.routes.js';
import { standingOrderRoutes } from './pisp/standing-orders.routes.js';
import { seedDemoCustomers } from './seed.js';

/** What the customer's browser and anyone reading the discovery document reach. */
export const sandboxBankPlugin: FastifyPluginAsync<BankPluginOptions> = async (app, { bank }) => {
  await seedDemoCustomers(bank);
  await app.register(authorizeRoutes, { bank });
  await app.register(discoveryRoutes, { bank });
};

/** What only a client with a certificate from the bank's CA reaches (the mutual-TLS server). */
export const sandboxBankApiPlugin: FastifyPluginAsync<BankPluginOptions> = async (app, { bank }) => {
  await app.register(tokenRoutes, { bank });
  await app.register(registrationRoutes, { bank });
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
