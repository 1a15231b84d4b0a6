// Group D form of a recurring payment (spec 2.4, group D variant) and its body (spec 4.D). Against
// group A's form: `reference` instead of invoiceRefNumber, `externalReference` (the customer's bank's id
// of the standing order, once set up), `link`, `bankAccount` (the receiving account's id) and
// customerEmailCC as one comma-separated string. It keeps `id`, which the spec lists for group A only:
// the group D operations address a recurring payment by it.
import { Type } from '@sinclair/typebox';
import { ID_PATTERN } from '../../../domain/ids.js';
import type { RecurringSnapshot } from '../../../domain/recurring/recurring.js';
import type { RecurringDetails } from '../../../domain/recurring/recurring.service.js';
import { snapshotOf } from '../../../domain/recurring/recurring-forms.js';
import { RecurringCreateBody } from '../../merchant/recurring-payments/recurring-view.js';
import {
  Amount,
  Frequency,
  Id,
  Nullable,
  PaymentStatus,
  RecurringPaymentStatus,
  Timestamp,
} from '../../schemas.js';

/** Spec 4.D create, save-and-send and edit body: RecurringCreate plus the receiving bank account. */
export const RecurringCreateD = Type.Object(
  {
    ...RecurringCreateBody.properties,
    bankAccount: Type.Optional(
      Type.String({
        pattern: ID_PATTERN,
        description: "id of the receiving bank account; default: the company's default account",
      }),
    ),
  },
  { additionalProperties: false },
);

const InitialPayment = Type.Object({
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
});

const RecurringStateD = Type.Object({
  id: Id,
  status: RecurringPaymentStatus,
  reference: Type.String(),
  recurringAmount: Amount,
  firstPaymentDate: Timestamp,
  finalPaymentDate: Nullable(Timestamp),
  expectedNumberOfPayments: Type.Integer({ description: '0 means until cancelled' }),
  frequency: Frequency,
  initialPayment: Nullable(InitialPayment),
  customerName: Nullable(Type.String()),
  customerEmail: Nullable(Type.String()),
  customerEmailCC: Type.String({ description: 'comma-separated e-mail addresses' }),
  createdAt: Timestamp,
  currency: Type.String(),
  qrCodeData: Nullable(Type.String()),
  link: Nullable(Type.String({ description: 'the link `{PUBLIC_URL}/rp?=<token>`, once sent' })),
});

export const RecurringPaymentD = Type.Object(
  {
    ...RecurringStateD.properties,
    externalReference: Nullable(
      Type.String({ description: "the customer's bank's id of the standing order, once set up" }),
    ),
    bankAccount: Id,
    actionsHistory: Type.Array(Type.Object({ timestamp: Timestamp, newEntityState: RecurringStateD })),
  },
  { title: 'PartnerRecurringPayment' },
);

function stateD(snapshot: RecurringSnapshot) {
  const { invoiceRefNumber, customerEmailCC, ...rest } = snapshot;
  return {
    ...rest,
    reference: invoiceRefNumber,
    customerEmailCC: customerEmailCC.join(', '),
    link: snapshot.qrCodeData,
  };
}

export function toRecurringD({ recurring, initialPayment, actions }: RecurringDetails, publicUrl: string) {
  return {
    ...stateD(snapshotOf(recurring, initialPayment, publicUrl)),
    externalReference: recurring.standingOrderId,
    bankAccount: recurring.bankAccountId,
    actionsHistory: actions.map((a) => ({ timestamp: a.timestamp, newEntityState: stateD(a.snapshot) })),
  };
}
