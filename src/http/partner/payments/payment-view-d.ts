// Group D forms of a payment (spec 2.3) and the bodies of spec 4.D. The processed form is spec 2.2
// without customRedirectUrl, plus transaction, integration and refundPayeeAccount; the get and list forms
// also leave out invoiceRefNumber, link and qrCodeData. actionsHistory snapshots take the same form as
// the payment around them.
import { Type } from '@sinclair/typebox';
import { ID_PATTERN } from '../../../domain/ids.js';
import { AMOUNT_MAX_LENGTH, AMOUNT_PATTERN } from '../../../domain/money.js';
import { PAYMENT_TYPES, type PaymentSnapshot } from '../../../domain/payments/payment.js';
import type { PaymentDetails } from '../../../domain/payments/payment-details.js';
import { snapshotOf } from '../../../domain/payments/payment-forms.js';
import { refundLink } from '../../../domain/payments/refund.js';
import { Amount, DataApiCheckStatus, Id, Nullable, PaymentStatus, Timestamp } from '../../schemas.js';

const InvoiceRef = Type.String({
  minLength: 1,
  maxLength: 12,
  pattern: '^[a-z0-9-]+$',
  description: 'at most 12 lowercase letters, digits or dashes',
});
const AmountText = Type.String({
  maxLength: AMOUNT_MAX_LENGTH,
  pattern: AMOUNT_PATTERN,
  description: 'two decimals, e.g. 12.50; more than 0.00, at most MAX_AMOUNT',
});
const Emails = Type.Array(Type.String({ maxLength: 254 }), { maxItems: 20 });
const Text = (max: number) => Type.String({ maxLength: max });
const DueDate = Type.String({ maxLength: 40, description: 'YYYY-MM-DD or an ISO 8601 date-time' });

/** Spec 4.D create-and-process body. */
export const PaymentCreateD = Type.Object(
  {
    invoiceRefNumber: InvoiceRef,
    amount: AmountText,
    bankAccount: Type.String({ pattern: ID_PATTERN, description: 'id of the bank account paid into' }),
    customerName: Type.Optional(Text(200)),
    dueDate: Type.Optional(DueDate),
    customerEmail: Type.Optional(Text(254)),
    customerEmailCC: Type.Optional(Emails),
    type: Type.Optional(Type.Union(PAYMENT_TYPES.map((t) => Type.Literal(t)))),
  },
  { additionalProperties: false },
);

/** Spec 4.D edit body. */
export const PaymentEditD = Type.Object(
  {
    _id: Id,
    invoiceRefNumber: InvoiceRef,
    amount: AmountText,
    customerName: Type.Optional(Text(200)),
    dueDate: Type.Optional(DueDate),
    customerEmail: Type.Optional(Text(254)),
    customerEmailCC: Type.Optional(Emails),
    customRedirectUrl: Type.Optional(
      Type.String({
        format: 'uri',
        maxLength: 2048,
        description:
          "where the customer lands after paying; takes precedence over the integration's redirect URL",
      }),
    ),
  },
  { additionalProperties: false },
);

const AccountRefD = Type.Object({
  provider: Type.String(),
  externalAccountId: Type.String({ description: 'account number' }),
  identification: Type.String({ description: 'sort code' }),
  name: Type.String(),
});

const ItemState = Type.Object({
  id: Id,
  status: PaymentStatus,
  amount: Amount,
  customerName: Nullable(Type.String()),
  customerEmail: Nullable(Type.String()),
  customerEmailCC: Type.Array(Type.String()),
  dueDate: Nullable(Type.String()),
  createdAt: Timestamp,
  currency: Type.String(),
  dataApiCheckStatus: DataApiCheckStatus,
  lastDataApiCheckAt: Nullable(Type.String()),
});

const ProcessedState = Type.Object({
  ...ItemState.properties,
  invoiceRefNumber: Type.String(),
  link: Nullable(Type.String()),
  qrCodeData: Nullable(Type.String()),
});

const Extras = {
  transaction: Nullable(
    Type.String({ description: 'id of its incoming transaction, once the bank took it' }),
  ),
  integration: Id,
  refundPayeeAccount: Nullable(
    Type.Object(AccountRefD.properties, {
      description:
        "where a refund goes: the latest refund's payee, else the payer's account as the bank told it",
    }),
  ),
};

/** Spec 2.3 processed form: create and process, process, edit. */
export const PaymentD = Type.Object(
  {
    ...ProcessedState.properties,
    actionsHistory: Type.Array(Type.Object({ timestamp: Timestamp, newEntityState: ProcessedState })),
    ...Extras,
  },
  { title: 'PartnerPayment' },
);

/** Spec 2.3 get and list form. */
export const PaymentItemD = Type.Object(
  {
    ...ItemState.properties,
    actionsHistory: Type.Array(Type.Object({ timestamp: Timestamp, newEntityState: ItemState })),
    ...Extras,
  },
  { title: 'PartnerPaymentListItem' },
);

/** Spec 2.3 refund result. */
export const PaymentRefundedD = Type.Object({
  ...PaymentD.properties,
  refundTransaction: Nullable(
    Type.String({ description: "id of the refund's outgoing transaction, once the bank took it" }),
  ),
  completedAt: Nullable(Timestamp),
  refundLink: Type.String(),
  refundQrCodeData: Type.String(),
});

function processedState(snapshot: PaymentSnapshot) {
  const { customRedirectUrl: _c, ...state } = snapshot;
  return state;
}

function itemState(snapshot: PaymentSnapshot) {
  const { customRedirectUrl: _c, invoiceRefNumber: _i, link: _l, qrCodeData: _q, ...state } = snapshot;
  return state;
}

function extrasOf({ payment, transactionId, refund }: PaymentDetails) {
  return {
    transaction: transactionId,
    integration: payment.integrationId,
    refundPayeeAccount: refund?.payee ?? payment.payerAccount,
  };
}

export function toPaymentD(details: PaymentDetails, publicUrl: string) {
  return {
    ...processedState(snapshotOf(details.payment, publicUrl)),
    actionsHistory: details.actions.map((a) => ({
      timestamp: a.timestamp,
      newEntityState: processedState(a.snapshot),
    })),
    ...extrasOf(details),
  };
}

export function toPaymentItemD(details: PaymentDetails, publicUrl: string) {
  return {
    ...itemState(snapshotOf(details.payment, publicUrl)),
    actionsHistory: details.actions.map((a) => ({
      timestamp: a.timestamp,
      newEntityState: itemState(a.snapshot),
    })),
    ...extrasOf(details),
  };
}

export function toRefundedD(details: PaymentDetails, publicUrl: string) {
  const { refund } = details;
  if (!refund) throw new Error(`payment ${details.payment.id} has no refund to show`);
  const link = refundLink(publicUrl, refund.linkToken);
  return {
    ...toPaymentD(details, publicUrl),
    refundTransaction: refund.transactionId,
    // As group A's refund result: when the payment itself completed (was paid).
    completedAt: details.payment.completedAt,
    refundLink: link,
    refundQrCodeData: link,
  };
}
