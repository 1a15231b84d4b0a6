// Group C form of an integration (spec 2.9): the webhook and redirect URLs are request-only fields.
import { Type } from '@sinclair/typebox';
import type { Integration } from '../../../domain/integrations/integration.js';
import { Id, Nullable, Timestamp } from '../../schemas.js';

export const IntegrationC = Type.Object(
  {
    id: Id,
    name: Type.String(),
    servicePaymentPageRedirectEnabled: Type.Boolean(),
    isRetryWebhookEnabled: Type.Boolean(),
    bankAccount: Nullable(Id),
    createdAt: Timestamp,
  },
  { title: 'Integration' },
);

export const IntegrationWriteC = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    webhookUrl: Type.String({ format: 'uri', maxLength: 2048 }),
    redirectUrl: Type.String({ format: 'uri', maxLength: 2048 }),
    servicePaymentPageRedirectEnabled: Type.Boolean(),
    isRetryWebhookEnabled: Type.Boolean({ default: false }),
  },
  { additionalProperties: false },
);

export function toIntegrationC(integration: Integration) {
  return {
    id: integration.id,
    name: integration.name,
    servicePaymentPageRedirectEnabled: integration.servicePaymentPageRedirectEnabled,
    isRetryWebhookEnabled: integration.isRetryWebhookEnabled,
    bankAccount: integration.bankAccountId,
    createdAt: integration.createdAt,
  };
}
