// E-mails go through the outbox like webhooks: queued in the transaction of the change that causes
// them, sent later by the dispatcher, so an SMTP outage delays them and loses none.
import { createHash } from 'node:crypto';
import type { Db } from '../../store/database.js';
import { invalid } from '../errors.js';
import { pendingRow } from '../events/outbox.js';
import { newId } from '../ids.js';

export interface NewEmail {
  /**
   * Makes the e-mail one of a kind: an e-mail already queued under the same id is not queued again
   * (a receipt is recorded once per payment, whatever repeats the change that causes it). See onceId().
   */
  id?: string;
  to: string[];
  cc?: string[];
  subject: string;
  text: string;
  html?: string;
  /** Defaults to config.mailFrom, resolved when sent. */
  from?: string;
  replyTo?: string;
}

/** The payload stored in the outbox for an e-mail. */
export interface QueuedEmail {
  to: string[];
  cc: string[];
  subject: string;
  text: string;
  html: string | null;
  from: string | null;
  replyTo: string | null;
}

// Header injection guard: an address or subject never carries a line break.
const NO_BREAKS = /^[^\r\n]*$/;

function checkAddresses(field: string, addresses: string[]): void {
  for (const address of addresses) {
    if (!NO_BREAKS.test(address) || !address.includes('@')) throw invalid(field, `has an invalid address`);
  }
}

/** The outbox id of the one e-mail of this kind for this subject, e.g. onceId('receipt', paymentId). */
export function onceId(...parts: string[]): string {
  return createHash('sha256')
    .update(`email:${parts.join(':')}`)
    .digest('hex')
    .slice(0, 24);
}

/** Queues an e-mail in the caller's transaction; returns its outbox id. */
export async function recordEmail(db: Db, now: Date, email: NewEmail): Promise<string> {
  if (email.to.length === 0) throw invalid('/to', 'must name at least one recipient');
  checkAddresses('/to', email.to);
  checkAddresses('/cc', email.cc ?? []);
  if (email.from) checkAddresses('/from', [email.from]);
  if (email.replyTo) checkAddresses('/replyTo', [email.replyTo]);
  if (!NO_BREAKS.test(email.subject)) throw invalid('/subject', 'must be one line');
  const id = email.id ?? newId();
  const queued: QueuedEmail = {
    to: email.to,
    cc: email.cc ?? [],
    subject: email.subject,
    text: email.text,
    html: email.html ?? null,
    from: email.from ?? null,
    replyTo: email.replyTo ?? null,
  };
  await db
    .insertInto('events')
    .values(
      pendingRow(now, {
        id,
        channel: 'email',
        destination_kind: 'email',
        destination_id: null,
        partner_id: null,
        event_name: 'email',
        resource_type: 'email',
        resource_id: id,
        payload: JSON.stringify(queued),
      }),
    )
    // An e-mail of a given id is queued once: a repeat of the change finds it there and adds nothing.
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  return id;
}
