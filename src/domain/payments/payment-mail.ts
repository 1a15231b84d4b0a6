// The e-mail that asks the customer to pay, queued with the change that makes the link.
import type { Deps } from '../../context.js';
import { formatDate, formatMoney } from '../formats.js';
import { recordEmail } from '../mail/outbox-mail.js';
import type { Payment } from './payment.js';
import { paymentLink } from './payment-forms.js';

export async function queuePaymentRequestEmail(deps: Deps, payment: Payment): Promise<void> {
  if (!payment.customerEmail) return;
  const sender = await deps.db
    .selectFrom('companies')
    .innerJoin('partners', 'partners.id', 'companies.partner_id')
    .select(['companies.name as company', 'partners.email_from', 'partners.email_reply_to'])
    .where('companies.id', '=', payment.companyId)
    .executeTakeFirstOrThrow();
  const link = paymentLink(deps.config.publicUrl, payment.linkToken);
  const amount = formatMoney(payment.amountPence);
  const greeting = payment.customerName ? `Dear ${payment.customerName},` : 'Hello,';
  const due = payment.dueDate ? `\nDue by: ${formatDate(payment.dueDate)}` : '';
  await recordEmail(deps.db, deps.clock.now(), {
    to: [payment.customerEmail],
    cc: payment.customerEmailCC,
    subject: `${sender.company} asks you to pay ${amount} (${payment.invoiceRefNumber})`,
    text: `${greeting}\n\n${sender.company} asks you to pay ${amount} for ${payment.invoiceRefNumber}.${due}\n\nPay securely from your bank: ${link}\n`,
    ...(sender.email_from ? { from: sender.email_from } : {}),
    ...(sender.email_reply_to ? { replyTo: sender.email_reply_to } : {}),
  });
}
