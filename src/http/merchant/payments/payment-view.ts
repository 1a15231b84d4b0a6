// Group A forms of a payment: the summary (spec 2.1) and the processed form (spec 2.2), and the bodies.
import { Type } from '@sinclair/typebox';
import type { Payment, PaymentAction } from '../../../domain/payments/payment.js';
import { PAYMENT_TYPES } from '../../../domain/payments/payment.js';
import { processedForm, summaryOf } from '../../../domain/payments/payment-forms.js';
import { type Refund, refundLink } from '../../../domain/payments/refund.js';
import {
  Amount,
  AmountInput,
  DataApiCheckStatus,
  Id,
  Nullable,
  PaymentStatus,
  Timestamp,
} from '../../schemas.js';

const InvoiceRef = Type.String({
  pattern: '^[A-Za-z0-9-]{1,12}$',
  description: 'at most 12 letters, digits or dashes',
});
const AmountText = AmountInput('two decimals, e.g. 12.50; more than 0.00, at most MAX_AMOUNT');
const Emails = Type.Union(
  [Type.String({ maxLength: 2000 }), Type.Array(Type.String({ maxLength: 254 }), { maxItems: 20 })],
  {
    description: 'a comma-separated string or an array of e-mail addresses',
  },
);
const Text = (max: number) => Type.String({ maxLength: max });

export const PaymentCreateBody = Type.Object(
  {
    invoiceRefNumber: InvoiceRef,
    amount: AmountText,
    customerName: Type.Optional(Text(200)),
    dueDate: Type.Optional(Type.String({ description: 'YYYY-MM-DD or an ISO 8601 date-time' })),
    attachmentUrl: Type.Optional(Text(2048)),
    customerEmail: Type.Optional(Text(254)),
    customerEmailCC: Type.Optional(Emails),
    customRedirectUrl: Type.Optional(Text(2048)),
    type: Type.Optional(Type.Union(PAYMENT_TYPES.map((t) => Type.Literal(t)))),
  },
  { additionalProperties: false },
);

export const PaymentEditBody = Type.Object(
  {
    _id: Id,
    invoiceRefNumber: Type.Optional(InvoiceRef),
    amount: Type.Optional(AmountText),
    customerName: Type.Optional(Text(200)),
    dueDate: Type.Optional(Type.String()),
    attachmentUrl: Type.Optional(Text(2048)),
    customerEmail: Type.Optional(Text(254)),
    customerEmailCC: Type.Optional(Emails),
    customRedirectUrl: Type.Optional(Text(2048)),
  },
  { additionalProperties: false },
);

export const PaymentSummary = Type.Object(
  {
    id: Id,
    status: PaymentStatus,
    invoiceRefNumber: Type.String(),
    amount: Amount,
    customerName: Nullable(Type.String()),
    customerEmail: Nullable(Type.String()),
    customerEmailCC: Type.Array(Type.String()),
    dueDate: Nullable(Type.String()),
    createdAt: Timestamp,
    currency: Type.String(),
    customRedirectUrl: Nullable(Type.String()),
  },
  { title: 'PaymentSummary' },
);

const Snapshot = Type.Object(
  {
    ...PaymentSummary.properties,
    dataApiCheckStatus: DataApiCheckStatus,
    lastDataApiCheckAt: Nullable(Type.String()),
    link: Nullable(Type.String()),
    qrCodeData: Nullable(Type.String()),
  },
  { additionalProperties: true },
);

export const PaymentProcessed = Type.Object(
  {
    ...Snapshot.properties,
    actionsHistory: Type.Array(Type.Object({ timestamp: Timestamp, newEntityState: Snapshot })),
  },
  { title: 'Payment' },
);

export function toSummary(payment: Payment) {
  return summaryOf(payment);
}

export function toProcessed(payment: Payment, actions: PaymentAction[], publicUrl: string) {
  return processedForm(payment, actions, publicUrl);
}

/** RefundRequest of spec 4.A. */
export const RefundRequestBody = Type.Object(
  {
    amount: Type.Optional(AmountInput('two decimals; defaults to all that is left to refund of the payment')),
    payeeAccountInfo: Type.Optional(
      Type.Object(
        {
          name: Type.Optional(Text(140)),
          externalAccountId: Type.Optional(Type.String({ description: 'account number, 8 digits' })),
          identification: Type.Optional(Type.String({ description: 'sort code, 6 digits' })),
          email: Type.Optional(Text(254)),
        },
        {
          additionalProperties: false,
          description:
            "where the refund goes instead of the payer's account; name, externalAccountId and identification then required",
        },
      ),
    ),
  },
  { additionalProperties: false },
);

export const PaymentRefunded = Type.Object({
  ...PaymentProcessed.properties,
  refundLink: Type.String(),
  refundQrCodeData: Type.String(),
  completedAt: Nullable(Timestamp),
});

export function toRefunded(
  result: { payment: Payment; refund: Refund; actions: PaymentAction[] },
  publicUrl: string,
) {
  const link = refundLink(publicUrl, result.refund.linkToken);
  return {
    ...processedForm(result.payment, result.actions, publicUrl),
    refundLink: link,
    refundQrCodeData: link,
    completedAt: result.payment.completedAt,
  };
}
