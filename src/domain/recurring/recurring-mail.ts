// E-mails to the customer about a regular payment, queued with the change that causes them: the request
// to set it up (with its link), the confirmation once the standing order is set up, a receipt for each
// payment received, and the notice that the merchant stopped it. Confirmation and receipts are queued
// once each (their outbox id is derived from the recurring payment or the item).
import type { Deps } from '../../context.js';
import { formatDate, formatMoney } from '../formats.js';
import { queueCustomerEmail } from '../mail/customer-emails.js';
import type { RecurringFacts } from '../mail/email-content.js';
import { onceId } from '../mail/outbox-mail.js';
import type { Payment } from '../payments/payment.js';
import type { RecurringItem, RecurringPayment } from './recurring.js';
import { recurringLink } from './recurring-forms.js';
import type { Frequency } from './schedule.js';

export const FREQUENCY_WORDS: Record<Frequency, string> = {
  one_week: 'every week',
  one_month: 'every month',
  three_months: 'every three months',
  one_year: 'every year',
};

/** "£25.00 every month, 12 payments, from 1 December 2026" */
export function scheduleWords(recurring: RecurringPayment): string {
  const count =
    recurring.numberOfPayments > 0 ? `${recurring.numberOfPayments} payments` : 'until you cancel it';
  return `${formatMoney(recurring.amountPence)} ${FREQUENCY_WORDS[recurring.frequency]}, ${count}, from ${formatDate(recurring.firstPaymentDate)}`;
}

function factsOf(recurring: RecurringPayment): RecurringFacts {
  return {
    customerName: recurring.customerName,
    reference: recurring.reference,
    recurringPaymentId: recurring.id,
    schedule: scheduleWords(recurring),
  };
}

const recipientsOf = (recurring: RecurringPayment) => ({
  to: recurring.customerEmail,
  cc: recurring.customerEmailCC,
});

export async function queueRecurringRequestEmail(
  deps: Deps,
  recurring: RecurringPayment,
  initialPayment: Payment | null,
): Promise<void> {
  await queueCustomerEmail(deps, recurring.companyId, recipientsOf(recurring), {
    template: 'recurring-request',
    recurring: {
      ...factsOf(recurring),
      link: recurringLink(deps.config.publicUrl, recurring.linkToken),
      initialAmountPence: initialPayment?.amountPence ?? null,
    },
  });
}

/** The standing order is set up (the recurring payment became active). */
export async function queueRecurringActiveEmail(deps: Deps, recurring: RecurringPayment): Promise<void> {
  await queueCustomerEmail(
    deps,
    recurring.companyId,
    recipientsOf(recurring),
    { template: 'recurring-active', recurring: factsOf(recurring) },
    onceId('recurring-active', recurring.id, recurring.standingOrderId ?? ''),
  );
}

/** One payment of the schedule was received. */
export async function queueRecurringPaymentEmail(
  deps: Deps,
  recurring: RecurringPayment,
  item: RecurringItem,
): Promise<void> {
  await queueCustomerEmail(
    deps,
    recurring.companyId,
    recipientsOf(recurring),
    {
      template: 'recurring-payment',
      recurring: {
        ...factsOf(recurring),
        item: {
          amountPence: item.amountPence,
          paidAt: item.completedAt ?? item.updatedAt,
          number: item.index + 1,
          of: recurring.numberOfPayments > 0 ? recurring.numberOfPayments : null,
        },
      },
    },
    onceId('recurring-payment', item.id),
  );
}

export async function queueCancellationEmail(deps: Deps, recurring: RecurringPayment): Promise<void> {
  await queueCustomerEmail(deps, recurring.companyId, recipientsOf(recurring), {
    template: 'recurring-cancelled',
    recurring: factsOf(recurring),
  });
}
