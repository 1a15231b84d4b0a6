// Helpers for outbox tests: integrations and partners whose webhooks go to a local receiver, and events
// recorded the way a domain service records them (recordEvent inside a transaction), or rows written
// straight into events (outboxEvent) for the tests of the dispatcher's statements.
import { randomBytes } from 'node:crypto';
import type { Insertable } from 'kysely';
import { attemptsOfEvent } from '../../src/domain/events/event.repository.js';
import type { EventTable } from '../../src/domain/events/event.row.js';
import { recordEvent } from '../../src/domain/events/outbox.js';
import { newId } from '../../src/domain/ids.js';
import type { Payment, PaymentStatus } from '../../src/domain/payments/payment.js';
import { processedForm } from '../../src/domain/payments/payment-forms.js';
import type { TestApp } from './app.js';
import { createIntegration, type Partner } from './fixtures.js';
import type { WebhookReceiver } from './webhook-receiver.js';

export async function integrationWithReceiver(
  app: TestApp,
  partner: Partner,
  companyId: string,
  receiver: WebhookReceiver,
  overrides: Record<string, unknown> = {},
) {
  const path = `/integration/${randomBytes(4).toString('hex')}`;
  const integration = await createIntegration(app, partner, companyId, {
    webhookUrl: receiver.urlFor(path),
    ...overrides,
  });
  receiver.setSecret(path, integration.webhookSecret);
  // The path its webhooks arrive at: a test's receiver answers per integration by it.
  return { ...integration, webhookPath: path };
}

/** A payment's processed form (spec 2.2), as a payment webhook carries it (API.md 8). */
export function paymentData(id: string, status: PaymentStatus, invoiceRefNumber = 'INV-1'): object {
  const at = '2026-11-22T15:04:05.123Z';
  const payment: Payment = {
    id,
    companyId: newId(),
    integrationId: newId(),
    bankAccountId: newId(),
    status,
    invoiceRefNumber,
    amountPence: 1250,
    currency: 'GBP',
    customerName: null,
    customerEmail: null,
    customerEmailCC: [],
    dueDate: null,
    attachmentUrl: null,
    customRedirectUrl: null,
    type: 'link',
    dataApiCheckStatus: 'not_applicable',
    lastDataApiCheckAt: null,
    linkToken: null,
    refundedPence: 0,
    payerAccount: null,
    isSandbox: true,
    recurringPaymentId: null,
    createdAt: at,
    updatedAt: at,
    completedAt: null,
  };
  return processedForm(payment, [], 'http://localhost:8080');
}

/** The payload of a `payment.status_updated` webhook, as the payment service writes it. */
export function paymentEventPayload(eventId: string, createdAt: Date, data: object) {
  return { eventName: 'payment.status_updated', eventId, createdAt: createdAt.toISOString(), data };
}

/** A partner's `company_verification_status_update` (spec 6.2). */
export function companyVerificationPayload(merchantId: string, status = 'active') {
  return { event_name: 'company_verification_status_update', merchantId, verifiedBy: null, status };
}

/** A partner's `bank_account_status_update` (spec 6.2). */
export function partnerBankAccountPayload(merchantId: string, bankAccountId = newId()) {
  return {
    event_name: 'bank_account_status_update',
    merchantId,
    bankAccountId,
    status: 'verified',
    connection_type: 'manual',
  };
}

/** A bank-account webhook (spec 6.1) of a company's account. */
export function bankAccountEventPayload(companyId: string, eventName = 'status-update') {
  return {
    eventScope: 'bank-accounts',
    eventName,
    id: newId(),
    sortCode: '04-00-04',
    accountNumber: '12345678',
    name: 'Main account',
    provider: 'ob-sandbox',
    isDefault: true,
    status: 'verified',
    creationType: 'manual',
    createdAt: '2026-11-22T15:04:05.123Z',
    bankStatementAttachmentURL: null,
    bankConsentExpired: null,
    companyID: companyId,
  };
}

/** Records a payment status webhook for `paymentId`, as the payment service would, in its own transaction. */
export async function recordPaymentEvent(
  app: TestApp,
  integrationId: string,
  paymentId: string,
  status: string,
): Promise<string> {
  return app.deps.db.transaction().execute(async (trx) => {
    const id = newId();
    const now = app.deps.clock.now();
    return recordEvent(trx, now, {
      id,
      destination: { kind: 'integration', integrationId },
      eventName: 'payment.status_updated',
      resourceType: 'payment',
      resourceId: paymentId,
      payload: paymentEventPayload(id, now, paymentData(paymentId, status as PaymentStatus)),
    });
  });
}

export async function eventRow(app: TestApp, id: string) {
  return app.deps.db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** Every attempt of event `id`, oldest first, as the delivery log reads them. */
export async function attemptsOf(app: TestApp, id: string) {
  return attemptsOfEvent(app.deps.db, id);
}

/** Event `n`: a pending webhook of payment `pay${n}` to integration int1, due at `dueAt`; `fields` override. */
export function outboxEvent(
  n: number,
  dueAt: Date,
  fields: Partial<Insertable<EventTable>> = {},
): Insertable<EventTable> {
  const resource = fields.resource_id ?? `pay${n}`;
  return {
    id: `ev${n}`,
    channel: 'webhook',
    destination_kind: 'integration',
    destination_id: 'int1',
    partner_id: 'p1',
    event_name: 'payment.status_updated',
    resource_type: 'payment',
    resource_id: resource,
    order_key: `int1:${resource}`,
    payload: '{}',
    state: 'pending',
    attempts: 0,
    next_attempt_at: dueAt.toISOString(),
    created_at: dueAt.toISOString(),
    ...fields,
  };
}
