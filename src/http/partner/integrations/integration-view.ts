// Group D form of an integration (spec 2.9): `bankAccount` is an id in requests and an object in
// responses; webhookUrl and redirectUrl are request-only, as in group C.
import { Type } from '@sinclair/typebox';
import { ID_PATTERN } from '../../../domain/ids.js';
import type { IntegrationWithAccount } from '../../../domain/integrations/integration-bank-accounts.js';
import { Id, Nullable, Timestamp } from '../../schemas.js';
import { BankAccountRef, toBankAccountRef } from '../bank-account-ref.js';

const Url = Type.String({ format: 'uri', maxLength: 2048 });

export const IntegrationD = Type.Object(
  {
    id: Id,
    name: Type.String(),
    bankAccount: Nullable(BankAccountRef),
    isSandbox: Type.Boolean(),
    servicePaymentPageRedirectEnabled: Type.Boolean(),
    isRetryWebhookEnabled: Type.Boolean(),
    createdAt: Timestamp,
  },
  { title: 'PartnerIntegration' },
);

/** Spec 4.D create and update body; redirectUrl and isRetryWebhookEnabled as in group C (optional here). */
export const IntegrationWriteD = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200, description: 'website or app name' }),
    webhookUrl: Url,
    bankAccount: Type.String({
      pattern: ID_PATTERN,
      description: 'id of the bank account payments are received into',
    }),
    isSandbox: Type.Optional(Type.Boolean()),
    servicePaymentPageRedirectEnabled: Type.Boolean({ default: true }),
    redirectUrl: Type.Optional(Url),
    isRetryWebhookEnabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export function toIntegrationD({ integration, bankAccount }: IntegrationWithAccount) {
  return {
    id: integration.id,
    name: integration.name,
    bankAccount: bankAccount ? toBankAccountRef(bankAccount) : null,
    isSandbox: integration.isSandbox,
    servicePaymentPageRedirectEnabled: integration.servicePaymentPageRedirectEnabled,
    isRetryWebhookEnabled: integration.isRetryWebhookEnabled,
    createdAt: integration.createdAt,
  };
}
