// The portal's audit log: who did what and when (sign-ins, keys, webhooks, settings, people, refunds).
import type { Db } from '../../store/database.js';
import { mapPage, newestFirstPage, type Page, type PageRequest } from '../../store/paging.js';
import { newId } from '../ids.js';

export interface AuditEntry {
  partnerId: string;
  /** The user's e-mail, or `operator`. */
  actor: string;
  /** e.g. `sign_in`, `sign_in_failed`, `user_invited`, `api_key_created`. */
  action: string;
  target?: string | null;
  ip?: string | null;
}

export async function recordAudit(db: Db, now: Date, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('portal_audit')
    .values({
      id: newId(),
      partner_id: entry.partnerId,
      actor: entry.actor,
      action: entry.action,
      target: entry.target ?? null,
      ip: entry.ip ?? null,
      created_at: now.toISOString(),
    })
    .execute();
}

export interface AuditRecord {
  id: string;
  actor: string;
  action: string;
  target: string | null;
  ip: string | null;
  createdAt: string;
}

/** The partner's audit log, newest first. */
export async function pageAudit(db: Db, partnerId: string, request: PageRequest): Promise<Page<AuditRecord>> {
  const page = await newestFirstPage(
    db.selectFrom('portal_audit').where('partner_id', '=', partnerId),
    request,
  );
  return mapPage(page, (row) => ({
    id: row.id,
    actor: row.actor,
    action: row.action,
    target: row.target,
    ip: row.ip,
    createdAt: row.created_at,
  }));
}
