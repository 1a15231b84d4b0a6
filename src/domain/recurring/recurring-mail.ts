// E-mails to the customer, queued with the change that causes them: the request to set the regular
// payment up (with its link), and the notice that the merchant stopped it.
import type { Deps } from '../../context.js';
import { formatDate, formatMoney } from '../formats.js';
import { recordEmail } from '../mail/outbox-mail.js';
import type { Payment } from '../payments/payment.js';
import type { RecurringPayment } from './recurring.js';
import { recurringLink } from './recurring-forms.js';
import type { Frequency } from './schedule.js';

export const FREQUENCY_WORDS: Record<Frequency, string> = {
  one_week: 'every week',
  one_month: 'every month',
  three_months: 'every three months',
  one_year: 'every year',
};

async function senderOf(deps: Deps, companyId: string) {
  return deps.db
    .selectFrom('companies')
    .innerJoin('partners', 'partners.id', 'companies.partner_id')
    .select(['companies.name as company', 'partners.email_from', 'partners.email_reply_to'])
    .where('companies.id', '=', companyId)
    .executeTakeFirstOrThrow();
}

/** "£25.00 every month, 12 payments, from 1 December 2026" */
export function scheduleWords(recurring: RecurringPayment): string {
  const count =
    recurring.numberOfPayments > 0 ? `${recurring.numberOfPayments} payments` : 'until you cancel it';
  return `${formatMoney(recurring.amountPence)} ${FREQUENCY_WORDS[recurring.frequency]}, ${count}, from ${formatDate(recurring.firstPaymentDate)}`;
}

async function queue(
  deps: Deps,
  recurring: RecurringPayment,
  write: (company: string) => { subject: string; text: string },
) {
  if (!recurring.customerEmail) return;
  const sender = await senderOf(deps, recurring.companyId);
  await recordEmail(deps.db, deps.clock.now(), {
    to: [recurring.customerEmail],
    cc: recurring.customerEmailCC,
    ...write(sender.company),
    ...(sender.email_from ? { from: sender.email_from } : {}),
    ...(sender.email_reply_to ? { replyTo: sender.email_reply_to } : {}),
  });
}

export async function queueRecurringRequestEmail(
  deps: Deps,
  recurring: RecurringPayment,
  initialPayment: Payment | null,
): Promise<void> {
  const link = recurringLink(deps.config.publicUrl, recurring.linkToken);
  const greeting = recurring.customerName ? `Dear ${recurring.customerName},` : 'Hello,';
  const initial = initialPayment
    ? `\nFirst, a single payment of ${formatMoney(initialPayment.amountPence)} now.`
    : '';
  await queue(deps, recurring, (company) => ({
    subject: `${company} asks you to set up a regular payment (${recurring.reference})`,
    text: `${greeting}\n\n${company} asks you to set up a regular payment for ${recurring.reference}: ${scheduleWords(recurring)}.${initial}\n\nSet it up once, securely, at your bank: ${link}\n`,
  }));
}

export async function queueCancellationEmail(deps: Deps, recurring: RecurringPayment): Promise<void> {
  const greeting = recurring.customerName ? `Dear ${recurring.customerName},` : 'Hello,';
  await queue(deps, recurring, (company) => ({
    subject: `${company} has stopped your regular payment (${recurring.reference})`,
    text: `${greeting}\n\n${company} no longer asks for your regular payment for ${recurring.reference} (${scheduleWords(recurring)}).\n\nThe standing order you set up is held by your bank: cancel it in your bank's app or online banking so that no further payments are made.\n`,
  }));
}
