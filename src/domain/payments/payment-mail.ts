// The customer's e-mails about a one-off payment, queued with the change that causes them: the request
// to pay (with its link), the receipt once it is paid, and the notice of each refund. The receipt and
// the refund notices go where the request went (the customer's address and its copies), and only once
// per payment (per refund): their outbox id is derived from it, so a repeated move adds nothing.
import type { Deps } from '../../context.js';
import { queueCustomerEmail } from '../mail/customer-emails.js';
import type { PaymentFacts } from '../mail/email-content.js';
import { onceId } from '../mail/outbox-mail.js';
import type { Payment } from './payment.js';
import { paymentLink } from './payment-forms.js';
import type { PaymentMove } from './payment-status.js';

function factsOf(payment: Payment): PaymentFacts {
  return {
    customerName: payment.customerName,
    amountPence: payment.amountPence,
    reference: payment.invoiceRefNumber,
    paymentId: payment.id,
    dueDate: payment.dueDate,
    paidAt: payment.completedAt,
  };
}

const recipientsOf = (payment: Payment) => ({ to: payment.customerEmail, cc: payment.customerEmailCC });

export async function queuePaymentRequestEmail(deps: Deps, payment: Payment): Promise<void> {
  await queueCustomerEmail(deps, payment.companyId, recipientsOf(payment), {
    template: 'payment-request',
    payment: Object.assign(factsOf(payment), { link: paymentLink(deps.config.publicUrl, payment.linkToken) }),
  });
}

/** After a move (in its transaction): the receipt when it settles, a notice when a refund completes. */
export async function queueStatusEmail(
  deps: Deps,
  before: Payment,
  after: Payment,
  move: PaymentMove,
): Promise<void> {
  if (move === 'settle') {
    await queueCustomerEmail(
      deps,
      after.companyId,
      recipientsOf(after),
      { template: 'payment-receipt', payment: factsOf(after) },
      onceId('receipt', after.id),
    );
  } else if (move === 'complete_refund' || move === 'complete_partial_refund') {
    const refundPence = after.refundedPence - before.refundedPence;
    await queueCustomerEmail(
      deps,
      after.companyId,
      recipientsOf(after),
      {
        template: 'refund-notice',
        payment: Object.assign(factsOf(after), {
          refundPence,
          refundedPence: after.refundedPence,
          refundedAt: after.updatedAt,
        }),
      },
      // The refunded total only grows: it names each refund of the payment.
      onceId('refund', after.id, String(after.refundedPence)),
    );
  }
}
