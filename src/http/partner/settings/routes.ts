// Partner settings (API.md 2), registered by ../index.ts.
import { getSettingsRoute } from './get-settings.js';
import { rotateWebhookSecretRoute } from './rotate-webhook-secret.js';
import { updateSettingsRoute } from './update-settings.js';

export const partnerSettingsRoutes = [getSettingsRoute, updateSettingsRoute, rotateWebhookSecretRoute];
