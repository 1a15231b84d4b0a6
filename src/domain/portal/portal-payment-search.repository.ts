// The portal's payment and recurring payment lists of a company: filtered by status and creation date,
// searched by reference (contains, case-insensitive: PostgreSQL's LIKE is case-sensitive, SQLite's not).
import { sql } from 'kysely';
import type { Db } from '../../store/database.js';
import { mapPage, newestFirstPage, type Page, type PageRequest } from '../../store/paging.js';
import type { Payment } from '../payments/payment.js';
import { toPayment } from '../payments/payment.repository.js';
import type { RecurringPayment } from '../recurring/recurring.js';
import { toRecurring } from '../recurring/recurring.repository.js';

export interface ListFilter {
  status?: string | undefined;
  /** ISO instants: created at or after `createdFrom`, before `createdBefore`. */
  createdFrom?: string | undefined;
  createdBefore?: string | undefined;
  reference?: string | undefined;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const containing = (text: string) => sql`${`%${escapeLike(text.trim().toLowerCase())}%`} escape '\\'`;

export async function searchPayments(
  db: Db,
  companyId: string,
  filter: ListFilter,
  request: PageRequest,
): Promise<Page<Payment>> {
  let base = db.selectFrom('payments').where('company_id', '=', companyId).where('deleted_at', 'is', null);
  if (filter.status) base = base.where('status', '=', filter.status);
  if (filter.createdFrom) base = base.where('created_at', '>=', filter.createdFrom);
  if (filter.createdBefore) base = base.where('created_at', '<', filter.createdBefore);
  if (filter.reference?.trim())
    base = base.where(sql`lower(invoice_ref)`, 'like', containing(filter.reference));
  return mapPage(await newestFirstPage(base, request), toPayment);
}

export async function searchRecurring(
  db: Db,
  companyId: string,
  filter: ListFilter,
  request: PageRequest,
): Promise<Page<RecurringPayment>> {
  let base = db
    .selectFrom('recurring_payments')
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null);
  if (filter.status) base = base.where('status', '=', filter.status);
  if (filter.createdFrom) base = base.where('created_at', '>=', filter.createdFrom);
  if (filter.createdBefore) base = base.where('created_at', '<', filter.createdBefore);
  if (filter.reference?.trim())
    base = base.where(sql`lower(reference)`, 'like', containing(filter.reference));
  return mapPage(await newestFirstPage(base, request), toRecurring);
}
