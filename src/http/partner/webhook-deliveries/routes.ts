// The partner's webhook delivery log (API.md 8), registered by ../index.ts.
import { listWebhookDeliveriesRoute } from './list-webhook-deliveries.js';
import { redeliverWebhookRoute } from './redeliver-webhook.js';

export const webhookDeliveryRoutes = [listWebhookDeliveriesRoute, redeliverWebhookRoute];
