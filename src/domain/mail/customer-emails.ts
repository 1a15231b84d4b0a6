// Queues a branded customer e-mail through the outbox, in the caller's transaction: rendered now (HTML
// and text, with the company's brand as it is at the change), sent later by the dispatcher.
import type { Deps } from '../../context.js';
import { companyBrand } from '../branding/company-brand.js';
import type { EmailFacts } from './email-content.js';
import { recordEmail } from './outbox-mail.js';
import { renderEmail } from './render-email.js';

export interface Recipients {
  to: string | null;
  cc: string[];
}

/**
 * Queues `facts` from the company to the customer; nothing without a customer e-mail address. With
 * `onceId`, the e-mail is queued once whatever repeats the change.
 */
export async function queueCustomerEmail(
  deps: Deps,
  companyId: string,
  recipients: Recipients,
  facts: EmailFacts,
  onceId?: string,
): Promise<void> {
  if (!recipients.to) return;
  const brand = await companyBrand(deps, companyId);
  if (!brand) throw new Error(`queueCustomerEmail: no company ${companyId}`);
  const sender = await deps.db
    .selectFrom('companies')
    .innerJoin('partners', 'partners.id', 'companies.partner_id')
    .select(['partners.email_from', 'partners.email_reply_to'])
    .where('companies.id', '=', companyId)
    .executeTakeFirstOrThrow();
  const email = renderEmail(facts, brand);
  await recordEmail(deps.db, deps.clock.now(), {
    ...(onceId ? { id: onceId } : {}),
    to: [recipients.to],
    cc: recipients.cc,
    subject: email.subject,
    text: email.text,
    html: email.html,
    ...(sender.email_from ? { from: sender.email_from } : {}),
    ...(sender.email_reply_to ? { replyTo: sender.email_reply_to } : {}),
  });
}
