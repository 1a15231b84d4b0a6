// Domestic standing-order consents and standing orders of the sandbox bank (OBWriteDomesticStandingOrder
// ConsentResponse6, OBWriteDomesticStandingOrderResponse6). A standing order then pays on each date of its
// schedule as the sandbox clock passes it (standing-order-runner.ts).
import type { Static } from '@sinclair/typebox';
import { newId } from '../../../domain/ids.js';
import type { Db } from '../../../store/database.js';
import type { ObStandingOrderInitiation } from '../../open-banking/ob-wire.js';
import { findClientConsent, insertConsent, updateConsentFrom } from '../consents.repository.js';
import { badRequest, resourceNotFound } from '../ob/errors.js';
import { accountIn, obDateTime, penceIn } from '../ob/format.js';
import type { StandingOrderBody, StandingOrderConsentBody } from '../ob/schemas.js';
import type { SandboxBank } from '../sandbox-bank.js';
import type {
  SandboxConsentTable,
  SandboxStandingOrderPaymentTable,
  SandboxStandingOrderTable,
  SandboxTokenTable,
} from '../sandbox-bank.row.js';
import { debtorParts } from './debtor.js';
import { checkDebtor, usableConsent } from './domestic-payments.js';
import { type PaymentPlan, paymentDateOf, scheduleOf } from './schedule.js';
import {
  findStandingOrder,
  insertStandingOrder,
  paymentsOfStandingOrder,
} from './standing-orders.repository.js';

type ConsentData = Static<typeof StandingOrderConsentBody>['Data'];
const PATH = 'Data.Initiation';

/** Checks an initiation as the bank does; answers its plan and amounts. */
function planOf(initiation: ObStandingOrderInitiation, now: Date) {
  const schedule = scheduleOf(initiation.Frequency);
  if (!schedule) {
    throw badRequest(
      'UK.OBIE.Unsupported.Frequency',
      `${PATH}.Frequency ${initiation.Frequency} is not supported; use EvryDay, IntrvlDay, IntrvlWkDay or IntrvlMnthDay`,
      `${PATH}.Frequency`,
    );
  }
  const first = new Date(initiation.FirstPaymentDateTime);
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  if (first.getTime() < today) {
    throw badRequest(
      'UK.OBIE.Field.InvalidDate',
      `${PATH}.FirstPaymentDateTime is in the past`,
      `${PATH}.FirstPaymentDateTime`,
    );
  }
  if (initiation.NumberOfPayments !== undefined && initiation.FinalPaymentDateTime !== undefined) {
    throw badRequest(
      'UK.OBIE.Field.Unexpected',
      `${PATH}: give NumberOfPayments or FinalPaymentDateTime, not both`,
      `${PATH}.FinalPaymentDateTime`,
    );
  }
  let count: number | null = null;
  if (initiation.NumberOfPayments !== undefined) {
    if (!/^[1-9][0-9]{0,5}$/.test(initiation.NumberOfPayments)) {
      throw badRequest(
        'UK.OBIE.Field.Invalid',
        `${PATH}.NumberOfPayments must be a whole number from 1`,
        `${PATH}.NumberOfPayments`,
      );
    }
    count = Number(initiation.NumberOfPayments);
  }
  for (const name of ['RecurringPaymentDateTime', 'FinalPaymentDateTime'] as const) {
    const value = initiation[name];
    if (value !== undefined && new Date(value).getTime() < first.getTime()) {
      throw badRequest(
        'UK.OBIE.Field.InvalidDate',
        `${PATH}.${name} is before FirstPaymentDateTime`,
        `${PATH}.${name}`,
      );
    }
  }
  const plan: PaymentPlan = {
    schedule,
    firstPaymentAt: first.toISOString(),
    recurringPaymentAt: initiation.RecurringPaymentDateTime
      ? new Date(initiation.RecurringPaymentDateTime).toISOString()
      : null,
    finalPaymentAt: initiation.FinalPaymentDateTime
      ? new Date(initiation.FinalPaymentDateTime).toISOString()
      : null,
    numberOfPayments: count,
  };
  const firstAmount = penceIn(initiation.FirstPaymentAmount, `${PATH}.FirstPaymentAmount`);
  return {
    plan,
    firstAmount,
    recurringAmount: initiation.RecurringPaymentAmount
      ? penceIn(initiation.RecurringPaymentAmount, `${PATH}.RecurringPaymentAmount`)
      : firstAmount,
    finalAmount: initiation.FinalPaymentAmount
      ? penceIn(initiation.FinalPaymentAmount, `${PATH}.FinalPaymentAmount`)
      : null,
  };
}

export async function createStandingOrderConsent(
  bank: SandboxBank,
  clientId: string,
  body: Static<typeof StandingOrderConsentBody>,
): Promise<string> {
  const initiation = body.Data.Initiation as ObStandingOrderInitiation;
  planOf(initiation, bank.clock.now());
  accountIn(initiation.CreditorAccount, `${PATH}.CreditorAccount`);
  await checkDebtor(bank, body.Data.Initiation.DebtorAccount);
  const now = bank.clock.now().toISOString();
  const id = newId();
  await insertConsent(bank.db, {
    id,
    kind: 'standing-order',
    client_id: clientId,
    status: 'AwaitingAuthorisation',
    data: JSON.stringify(body.Data),
    risk: JSON.stringify(body.Risk),
    customer_id: null,
    debtor_account_id: null,
    account_ids: null,
    expires_at: null,
    created_at: now,
    status_updated_at: now,
  });
  return id;
}

export async function findStandingOrderConsent(bank: SandboxBank, clientId: string, consentId: string) {
  const consent = await findClientConsent(bank.db, consentId, 'standing-order', clientId);
  if (!consent) throw resourceNotFound('consent', 'ConsentId');
  return consent;
}

export async function standingOrderConsentView(bank: SandboxBank, consent: SandboxConsentTable) {
  const data = JSON.parse(consent.data) as ConsentData;
  const { Debtor } = await debtorParts(bank, consent.debtor_account_id, data.ReadRefundAccount);
  return {
    Data: {
      ...data,
      ConsentId: consent.id,
      Status: consent.status,
      CreationDateTime: obDateTime(consent.created_at),
      StatusUpdateDateTime: obDateTime(consent.status_updated_at),
      ...(Debtor ? { Debtor } : {}),
    },
    Risk: JSON.parse(consent.risk) as unknown,
    Links: {
      Self: `${bank.options.apiUrl}/open-banking/v3.1/pisp/domestic-standing-order-consents/${consent.id}`,
    },
    Meta: {},
  };
}

/** Sets the standing order up (InitiationCompleted) and consumes its consent; in the caller's transaction. */
export async function createStandingOrder(
  bank: SandboxBank,
  db: Db,
  token: SandboxTokenTable,
  body: Static<typeof StandingOrderBody>,
): Promise<string> {
  const consent = await usableConsent(bank, db, token, 'standing-order', body);
  const initiation = body.Data.Initiation as ObStandingOrderInitiation;
  const { plan, firstAmount, recurringAmount, finalAmount } = planOf(
    initiation,
    new Date(consent.created_at),
  );
  const creditor = accountIn(initiation.CreditorAccount, `${PATH}.CreditorAccount`);
  const now = bank.clock.now().toISOString();
  const id = newId();
  const row: SandboxStandingOrderTable = {
    id,
    consent_id: consent.id,
    client_id: token.client_id,
    status: 'InitiationCompleted',
    debtor_account_id: consent.debtor_account_id as string,
    creditor_sort_code: creditor.sortCode,
    creditor_account_number: creditor.accountNumber,
    creditor_name: initiation.CreditorAccount.Name,
    reference: initiation.Reference ?? null,
    frequency: initiation.Frequency,
    first_payment_at: plan.firstPaymentAt,
    recurring_payment_at: plan.recurringPaymentAt,
    final_payment_at: plan.finalPaymentAt,
    number_of_payments: plan.numberOfPayments,
    first_amount: firstAmount,
    recurring_amount: recurringAmount,
    final_amount: finalAmount,
    next_index: 0,
    next_payment_at: paymentDateOf(plan, 0),
    fail_next: 0,
    created_at: now,
    status_updated_at: now,
  };
  await insertStandingOrder(db, row);
  await updateConsentFrom(db, consent.id, 'Authorised', { status: 'Consumed', status_updated_at: now });
  return id;
}

export async function findClientStandingOrder(bank: SandboxBank, clientId: string, id: string) {
  const order = await findStandingOrder(bank.db, id);
  if (!order || order.client_id !== clientId)
    throw resourceNotFound('standing order', 'DomesticStandingOrderId');
  return order;
}

export async function standingOrderView(bank: SandboxBank, order: SandboxStandingOrderTable) {
  const consent = await findClientConsent(bank.db, order.consent_id, 'standing-order', order.client_id);
  const data = JSON.parse(consent?.data ?? '{}') as ConsentData;
  return {
    Data: {
      DomesticStandingOrderId: order.id,
      ConsentId: order.consent_id,
      Status: order.status,
      CreationDateTime: obDateTime(order.created_at),
      StatusUpdateDateTime: obDateTime(order.status_updated_at),
      Initiation: data.Initiation,
      ...(await debtorParts(bank, order.debtor_account_id, data.ReadRefundAccount)),
    },
    Links: { Self: `${bank.options.apiUrl}/open-banking/v3.1/pisp/domestic-standing-orders/${order.id}` },
    Meta: {},
  };
}

function detailOf(payment: SandboxStandingOrderPaymentTable) {
  return payment.status === 'Rejected'
    ? {
        Status: 'Rejected',
        StatusReason: 'ProprietaryRejection',
        StatusReasonDescription: payment.reason ?? 'Rejected',
      }
    : { Status: 'Settled' };
}

/** Every payment the standing order made or failed, oldest first; each dated on its schedule's date. */
export async function standingOrderPaymentDetailsView(bank: SandboxBank, order: SandboxStandingOrderTable) {
  const payments = await paymentsOfStandingOrder(bank.db, order.id);
  return {
    Data: {
      PaymentStatus: payments.map((p) => ({
        PaymentTransactionId: p.id,
        Status: p.status,
        StatusUpdateDateTime: obDateTime(p.scheduled_at),
        StatusDetail: detailOf(p),
      })),
    },
    Links: {
      Self: `${bank.options.apiUrl}/open-banking/v3.1/pisp/domestic-standing-orders/${order.id}/payment-details`,
    },
    Meta: {},
  };
}

/** The plan of a stored standing order. */
export function planOfRow(order: SandboxStandingOrderTable): PaymentPlan {
  const schedule = scheduleOf(order.frequency);
  if (!schedule) throw new Error(`stored standing order ${order.id} has an unsupported frequency`);
  return {
    schedule,
    firstPaymentAt: order.first_payment_at,
    recurringPaymentAt: order.recurring_payment_at,
    finalPaymentAt: order.final_payment_at,
    numberOfPayments: order.number_of_payments,
  };
}
