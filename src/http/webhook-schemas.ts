// The webhooks of API.md part 8, for the OpenAPI 3.1 `webhooks` key: what a receiver gets, signed per
// Standard Webhooks. The payloads are those the outbox writes (domain/*-events.ts, *-history.ts).
import { type TSchema, Type } from '@sinclair/typebox';
import { OFFICER_STATUSES } from '../domain/companies/officer.js';
import { PaymentProcessed } from './merchant/payments/payment-view.js';
import { RecurringItemA, RecurringPaymentA } from './merchant/recurring-payments/recurring-view.js';
import {
  BankAccountStatus,
  CompanyStatus,
  Id,
  Nullable,
  PartnerBankAccountStatus,
  RecurringPaymentStatus,
  StringEnum,
  Timestamp,
} from './schemas.js';

const Envelope = <T extends TSchema>(eventName: string, data: T, title: string) =>
  Type.Object(
    { eventName: Type.Literal(eventName), eventId: Id, createdAt: Timestamp, data },
    { title, additionalProperties: false },
  );

const Mismatch = {
  fields: Type.Array(StringEnum(['amount', 'creditor', 'reference'] as const)),
  expected: Type.Object({}, { additionalProperties: true, description: 'the terms asked for' }),
  bank: Type.Object({}, { additionalProperties: true, description: 'the terms the bank reports' }),
};

const BankAccountEvent = (eventName: string, title: string) =>
  Type.Object(
    {
      eventScope: Type.Literal('bank-accounts'),
      eventName: Type.Literal(eventName),
      id: Id,
      sortCode: Type.String(),
      accountNumber: Type.String(),
      name: Type.String(),
      provider: Type.String(),
      isDefault: Type.Boolean(),
      status: BankAccountStatus,
      creationType: Type.String(),
      createdAt: Timestamp,
      bankStatementAttachmentURL: Nullable(Type.String()),
      consentID: Type.Optional(Type.String()),
      bankConsentExpired: Type.Unknown({ description: 'the consent reminder point reached, if any' }),
      companyID: Id,
    },
    { title },
  );

/** Payload schemas by event name. */
export const WEBHOOK_PAYLOADS: Record<string, TSchema> = {
  'payment.status_updated': Envelope('payment.status_updated', PaymentProcessed, 'PaymentStatusUpdatedEvent'),
  'recurring_payment.status_updated': Envelope(
    'recurring_payment.status_updated',
    RecurringPaymentA,
    'RecurringPaymentStatusUpdatedEvent',
  ),
  'recurring_payment.item_updated': Envelope(
    'recurring_payment.item_updated',
    Type.Object({
      ...RecurringItemA.properties,
      recurringPaymentId: Id,
      invoiceRefNumber: Type.String(),
      recurringPaymentStatus: RecurringPaymentStatus,
    }),
    'RecurringPaymentItemUpdatedEvent',
  ),
  'payment.bank_mismatch': Envelope(
    'payment.bank_mismatch',
    Type.Object({
      paymentId: Id,
      kind: Type.String({ description: 'payment or refund' }),
      refundId: Nullable(Type.String()),
      bankPaymentId: Type.String(),
      ...Mismatch,
      payment: PaymentProcessed,
    }),
    'PaymentBankMismatchEvent',
  ),
  'recurring_payment.bank_mismatch': Envelope(
    'recurring_payment.bank_mismatch',
    Type.Object({
      recurringPaymentId: Id,
      authorisationId: Type.String(),
      provider: Type.String(),
      standingOrderId: Type.String(),
      ...Mismatch,
    }),
    'RecurringPaymentBankMismatchEvent',
  ),
  'status-update': BankAccountEvent('status-update', 'BankAccountStatusUpdateEvent'),
  'reconsent-notification': BankAccountEvent(
    'reconsent-notification',
    'BankAccountReconsentNotificationEvent',
  ),
  // The portal's "Send test event" (API.md 11): what a partner's receiver is tried with.
  'webhook.test': Envelope(
    'webhook.test',
    Type.Object({ partnerId: Id, message: Type.String() }, { additionalProperties: false }),
    'WebhookTestEvent',
  ),
  bank_account_status_update: Type.Object(
    {
      event_name: Type.Literal('bank_account_status_update'),
      merchantId: Id,
      bankAccountId: Id,
      status: PartnerBankAccountStatus,
      connection_type: StringEnum(['data_api', 'manual'] as const),
    },
    { title: 'PartnerBankAccountStatusUpdateEvent' },
  ),
  company_verification_status_update: Type.Object(
    {
      event_name: Type.Literal('company_verification_status_update'),
      merchantId: Id,
      verifiedBy: Nullable(Type.String()),
      status: CompanyStatus,
    },
    { title: 'CompanyVerificationStatusUpdateEvent' },
  ),
  officer_verification_status_update: Type.Object(
    {
      event_name: Type.Literal('officer_verification_status_update'),
      merchantId: Id,
      officerId: Id,
      status: StringEnum(OFFICER_STATUSES),
    },
    { title: 'OfficerVerificationStatusUpdateEvent' },
  ),
};

const SIGNATURE_HEADERS = [
  {
    name: 'webhook-id',
    in: 'header',
    required: true,
    description: 'the delivery id, the same on every retry and redelivery (deduplicate on it)',
    schema: { type: 'string' },
  },
  {
    name: 'webhook-timestamp',
    in: 'header',
    required: true,
    description: 'seconds since the epoch when this attempt was signed; refuse one too old',
    schema: { type: 'string', pattern: '^[0-9]+$' },
  },
  {
    name: 'webhook-signature',
    in: 'header',
    required: true,
    description:
      'space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>` with the receiver secret (whsec_...); two during the 24 hours after a secret changes',
    schema: { type: 'string', pattern: '^v1,[A-Za-z0-9+/=]+( v1,[A-Za-z0-9+/=]+)*$' },
  },
];

const DESTINATIONS: Record<string, string> = {
  'payment.status_updated': "the integration's webhookUrl",
  'recurring_payment.status_updated': "the integration's webhookUrl",
  'recurring_payment.item_updated': "the integration's webhookUrl",
  'payment.bank_mismatch': "the integration's webhookUrl",
  'recurring_payment.bank_mismatch': "the integration's webhookUrl",
  'webhook.test':
    'the partner\'s webhook URL (settings), from the portal\'s webhooks page ("Send test event")',
};

/** The `webhooks` map of the document: one POST per event name. */
export function webhooksDocument(): Record<string, Record<string, unknown>> {
  return Object.fromEntries(
    Object.entries(WEBHOOK_PAYLOADS).map(([eventName, schema]) => [
      eventName,
      {
        post: {
          operationId: `on${eventName
            .split(/[^A-Za-z0-9]+/)
            .map((w) => w[0]?.toUpperCase() + w.slice(1))
            .join('')}`,
          summary: `${eventName} webhook`,
          description: `Sent to ${DESTINATIONS[eventName] ?? "the partner's webhook URL (settings)"} (API.md 8), signed per Standard Webhooks. A 2xx answer ends the delivery; a 5xx, a time-out (10 s) or a network error is retried.`,
          tags: ['webhooks'],
          security: [],
          parameters: SIGNATURE_HEADERS,
          requestBody: { required: true, content: { 'application/json': { schema } } },
          responses: { '200': { description: 'any 2xx: received' } },
        },
      },
    ]),
  );
}
