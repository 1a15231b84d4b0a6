// Group D integration operations (spec 4.D), registered by ../index.ts.
import { createIntegrationRoute } from './create-integration.js';
import { getIntegrationRoute } from './get-integration.js';
import { listIntegrationsRoute } from './list-integrations.js';
import { updateIntegrationRoute } from './update-integration.js';

export const partnerIntegrationRoutes = [
  createIntegrationRoute,
  listIntegrationsRoute,
  getIntegrationRoute,
  updateIntegrationRoute,
];
