// Group A forms of a recurring payment (spec 2.4) and its items (spec 2.5), and the RecurringCreate body.
import { Type } from '@sinclair/typebox';
import type { RecurringItem } from '../../../domain/recurring/recurring.js';
import type { RecurringDetails } from '../../../domain/recurring/recurring.service.js';
import { itemForm, recurringForm } from '../../../domain/recurring/recurring-forms.js';
import { MAX_NUMBER_OF_PAYMENTS } from '../../../domain/recurring/recurring-input.js';
import {
  Amount,
  AmountInput,
  Frequency,
  Id,
  Nullable,
  PaymentStatus,
  RecurringItemStatus,
  RecurringPaymentStatus,
  Timestamp,
} from '../../schemas.js';

const AmountText = AmountInput('two decimals, e.g. 12.50; more than 0.00, at most MAX_AMOUNT');

export const RecurringCreateBody = Type.Object(
  {
    reference: Type.String({
      minLength: 1,
      maxLength: 12,
      pattern: '^[a-z0-9-]+$',
      description: 'at most 12 lowercase letters, digits or dashes; reported as invoiceRefNumber',
    }),
    recurringAmount: AmountText,
    recurringPaymentDate: Type.String({
      maxLength: 40,
      description:
        'the first payment date (YYYY-MM-DD or an ISO 8601 date-time): at least 3 working days (England and Wales) after today',
    }),
    numberOfPayments: Type.Integer({
      minimum: 0,
      maximum: MAX_NUMBER_OF_PAYMENTS,
      description: 'how many regular payments; 0 means until cancelled',
    }),
    frequency: Frequency,
    initialPaymentAmount: Type.Optional(
      AmountInput('a single payment made first, when the customer sets up'),
    ),
    customerName: Type.Optional(Type.String({ maxLength: 200 })),
    customerEmail: Type.Optional(Type.String({ maxLength: 254 })),
    customerEmailCC: Type.Optional(Type.Array(Type.String({ maxLength: 254 }), { maxItems: 20 })),
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

const RecurringState = Type.Object({
  id: Id,
  status: RecurringPaymentStatus,
  invoiceRefNumber: Type.String(),
  recurringAmount: Amount,
  firstPaymentDate: Timestamp,
  finalPaymentDate: Nullable(Timestamp),
  expectedNumberOfPayments: Type.Integer({ description: '0 means until cancelled' }),
  frequency: Frequency,
  initialPayment: Nullable(InitialPayment),
  customerName: Nullable(Type.String()),
  customerEmail: Nullable(Type.String()),
  customerEmailCC: Type.Array(Type.String()),
  createdAt: Timestamp,
  currency: Type.String(),
  qrCodeData: Nullable(Type.String({ description: 'the link `{PUBLIC_URL}/rp?=<token>`, once sent' })),
});

export const RecurringPaymentA = Type.Object(
  {
    ...RecurringState.properties,
    actionsHistory: Type.Array(Type.Object({ timestamp: Timestamp, newEntityState: RecurringState })),
  },
  { title: 'RecurringPayment' },
);

export const RecurringItemA = Type.Object(
  {
    id: Id,
    amount: Amount,
    status: RecurringItemStatus,
    expectedPaymentDate: Timestamp,
    completedAt: Nullable(Timestamp),
  },
  { title: 'RecurringPaymentItem' },
);

export function toRecurringA(details: RecurringDetails, publicUrl: string) {
  return recurringForm(details.recurring, details.initialPayment, details.actions, publicUrl);
}

export function toItemA(item: RecurringItem) {
  return itemForm(item);
}
