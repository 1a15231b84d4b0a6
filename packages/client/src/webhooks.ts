// Webhooks as typed events: verified with the `standardwebhooks` package (API.md 8), then told apart by
// their event name. During a secret's rotation a receiver may hold both secrets: any one that verifies does.
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import type { Payment, RecurringPayment, RecurringPaymentItem } from './types.js';

export { WebhookVerificationError };

/** Group A: a payment moved (the payment in its processed form). */
export interface PaymentStatusUpdated {
  eventName: 'payment.status_updated';
  eventId: string;
  createdAt: string;
  data: Payment;
}

export interface RecurringPaymentStatusUpdated {
  eventName: 'recurring_payment.status_updated';
  eventId: string;
  createdAt: string;
  data: RecurringPayment;
}

export interface RecurringPaymentItemUpdated {
  eventName: 'recurring_payment.item_updated';
  eventId: string;
  createdAt: string;
  data: RecurringPaymentItem & {
    recurringPaymentId: string;
    invoiceRefNumber: string;
    recurringPaymentStatus: RecurringPayment['status'];
  };
}

/** What the bank says it moved differs from what was asked: nothing is marked paid. */
export interface BankMismatch<N extends 'payment.bank_mismatch' | 'recurring_payment.bank_mismatch'> {
  eventName: N;
  eventId: string;
  createdAt: string;
  data: {
    paymentId?: string;
    recurringPaymentId?: string;
    kind?: 'payment' | 'refund';
    refundId?: string | null;
    fields: Array<'amount' | 'creditor' | 'reference'>;
    expected: Record<string, unknown>;
    bank: Record<string, unknown>;
    payment?: Payment;
  };
}

/** Group B (spec 6.1): a bank account's status, or its consent needing renewal. */
export interface BankAccountEvent<N extends 'status-update' | 'reconsent-notification'> {
  eventScope: 'bank-accounts';
  eventName: N;
  id: string;
  sortCode: string;
  accountNumber: string;
  name: string;
  provider: string;
  isDefault: boolean;
  status: string;
  creationType: string;
  createdAt: string;
  bankStatementAttachmentURL: string | null;
  consentID?: string;
  bankConsentExpired: boolean;
  companyID: string;
}

/** Group D (spec 6.2). */
export interface BankAccountStatusUpdate {
  event_name: 'bank_account_status_update';
  merchantId: string;
  bankAccountId: string;
  status: string;
  connection_type: 'data_api' | 'manual';
}

export interface CompanyVerificationStatusUpdate {
  event_name: 'company_verification_status_update';
  merchantId: string;
  verifiedBy: string | null;
  status: string;
}

export interface OfficerVerificationStatusUpdate {
  event_name: 'officer_verification_status_update';
  merchantId: string;
  officerId: string;
  status: string;
}

/** Sent only when the partner asks for it from the portal's webhooks page ("Send test event"). */
export interface WebhookTest {
  eventName: 'webhook.test';
  eventId: string;
  createdAt: string;
  data: { partnerId: string; message: string };
}

interface Delivery<T extends string, P> {
  /** The event name (`eventName` or `event_name` of the payload). */
  type: T;
  /** `webhook-id`: the same on every retry and redelivery of one event; deduplicate on it. */
  id: string;
  timestamp: Date;
  payload: P;
}

export type WebhookEvent =
  | Delivery<'payment.status_updated', PaymentStatusUpdated>
  | Delivery<'payment.bank_mismatch', BankMismatch<'payment.bank_mismatch'>>
  | Delivery<'recurring_payment.status_updated', RecurringPaymentStatusUpdated>
  | Delivery<'recurring_payment.item_updated', RecurringPaymentItemUpdated>
  | Delivery<'recurring_payment.bank_mismatch', BankMismatch<'recurring_payment.bank_mismatch'>>
  | Delivery<'status-update', BankAccountEvent<'status-update'>>
  | Delivery<'reconsent-notification', BankAccountEvent<'reconsent-notification'>>
  | Delivery<'bank_account_status_update', BankAccountStatusUpdate>
  | Delivery<'company_verification_status_update', CompanyVerificationStatusUpdate>
  | Delivery<'officer_verification_status_update', OfficerVerificationStatusUpdate>
  | Delivery<'webhook.test', WebhookTest>
  /** An event this version of the client does not know: verified, but not typed. */
  | Delivery<'unknown', Record<string, unknown>>;

export type WebhookEventType = Exclude<WebhookEvent['type'], 'unknown'>;

// A record, so that an event added to the union without being listed here does not compile.
const KNOWN_EVENTS: Record<WebhookEventType, true> = {
  'payment.status_updated': true,
  'payment.bank_mismatch': true,
  'recurring_payment.status_updated': true,
  'recurring_payment.item_updated': true,
  'recurring_payment.bank_mismatch': true,
  'status-update': true,
  'reconsent-notification': true,
  bank_account_status_update: true,
  company_verification_status_update: true,
  officer_verification_status_update: true,
  'webhook.test': true,
};
const KNOWN = new Set<string>(Object.keys(KNOWN_EVENTS));

/** Headers as node's `IncomingHttpHeaders`, a fetch `Headers`, or a plain record. */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

function header(headers: WebhookHeaders, name: string): string {
  if (headers instanceof Headers) return headers.get(name) ?? '';
  const value = headers[name] ?? Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
  return Array.isArray(value) ? value.join(' ') : (value ?? '');
}

/**
 * Verifies a webhook (signature with any of `secret`, and a timestamp within 5 minutes) and returns it
 * as a typed event; throws WebhookVerificationError when it does not verify. `rawBody` is the body
 * exactly as received (a string, or the bytes: a Node `Buffer` is a Uint8Array); a body parsed and
 * serialised again does not verify.
 */
export function verifyWebhook(
  secret: string | readonly string[],
  headers: WebhookHeaders,
  rawBody: string | Uint8Array,
): WebhookEvent {
  const sent = {
    'webhook-id': header(headers, 'webhook-id'),
    'webhook-timestamp': header(headers, 'webhook-timestamp'),
    'webhook-signature': header(headers, 'webhook-signature'),
  };
  const body = typeof rawBody === 'string' ? rawBody : new TextDecoder().decode(rawBody);
  const secrets = typeof secret === 'string' ? [secret] : secret;
  if (secrets.length === 0) throw new WebhookVerificationError('No secret to verify with');
  let payload: unknown;
  let failure: unknown;
  for (const candidate of secrets) {
    try {
      payload = new Webhook(candidate).verify(body, sent);
      failure = undefined;
      break;
    } catch (error) {
      failure = error;
    }
  }
  if (failure !== undefined) throw failure;
  return typed(sent['webhook-id'], new Date(Number(sent['webhook-timestamp']) * 1000), payload);
}

function typed(id: string, timestamp: Date, payload: unknown): WebhookEvent {
  if (typeof payload !== 'object' || payload === null)
    throw new WebhookVerificationError('Body is not an object');
  const fields = payload as Record<string, unknown>;
  const name = fields.eventName ?? fields.event_name;
  if (typeof name !== 'string' || !KNOWN.has(name))
    return { type: 'unknown', id, timestamp, payload: fields };
  // The name is one of the known events, each of which has its payload's shape (API.md 8).
  return { type: name, id, timestamp, payload } as WebhookEvent;
}
