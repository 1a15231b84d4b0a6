import type { Db } from '../../store/database.js';
import { mapPage, newestFirstPage, type Page, type PageRequest } from '../../store/paging.js';
import type { Direction, ParentType, Transaction, TransactionStatus } from './transaction.js';
import type { TransactionTable } from './transaction.row.js';

export function toTransaction(row: TransactionTable): Transaction {
  return {
    id: row.id,
    companyId: row.company_id,
    integrationId: row.integration_id,
    parentType: row.parent_type as ParentType,
    parentId: row.parent_id,
    direction: row.direction as Direction,
    status: row.status as TransactionStatus,
    amountPence: Number(row.amount),
    reference: row.reference,
    externalRef: row.external_ref,
    isSandbox: row.is_sandbox === 1,
    dataApiCheckStatus: row.data_api_check_status,
    lastDataApiCheckAt: row.last_data_api_check_at,
    createdAt: row.created_at,
    completedAt: row.completed_at,
  };
}

export async function insertTransaction(db: Db, row: TransactionTable): Promise<void> {
  await db.insertInto('transactions').values(row).execute();
}

export async function findTransaction(
  db: Db,
  companyId: string,
  id: string,
): Promise<Transaction | undefined> {
  const row = await db
    .selectFrom('transactions')
    .selectAll()
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return row ? toTransaction(row) : undefined;
}

export async function findByExternalRef(db: Db, externalRef: string): Promise<Transaction | undefined> {
  const row = await db
    .selectFrom('transactions')
    .selectAll()
    .where('external_ref', '=', externalRef)
    .executeTakeFirst();
  return row ? toTransaction(row) : undefined;
}

export async function listByParent(db: Db, parentType: ParentType, parentId: string): Promise<Transaction[]> {
  const rows = await db
    .selectFrom('transactions')
    .selectAll()
    .where('parent_type', '=', parentType)
    .where('parent_id', '=', parentId)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
  return rows.map(toTransaction);
}

export async function setTransactionStatus(
  db: Db,
  id: string,
  status: TransactionStatus,
  patch: Partial<
    Pick<
      TransactionTable,
      'completed_at' | 'external_ref' | 'data_api_check_status' | 'last_data_api_check_at'
    >
  > = {},
): Promise<void> {
  await db
    .updateTable('transactions')
    .set({ status, ...patch })
    .where('id', '=', id)
    .execute();
}

export interface TransactionFilter {
  companyId: string;
  isSandbox?: boolean | undefined;
  status?: TransactionStatus | undefined;
  direction?: Direction | undefined;
  completedFrom?: string | undefined;
  completedTo?: string | undefined;
}

export async function pageTransactions(
  db: Db,
  filter: TransactionFilter,
  request: PageRequest,
): Promise<Page<Transaction>> {
  let base = db.selectFrom('transactions').where('company_id', '=', filter.companyId);
  if (filter.isSandbox !== undefined) base = base.where('is_sandbox', '=', filter.isSandbox ? 1 : 0);
  if (filter.status) base = base.where('status', '=', filter.status);
  if (filter.direction) base = base.where('direction', '=', filter.direction);
  if (filter.completedFrom) base = base.where('completed_at', '>=', filter.completedFrom);
  if (filter.completedTo) base = base.where('completed_at', '<=', filter.completedTo);
  return mapPage(await newestFirstPage(base, request), toTransaction);
}

export interface CompletedWindow {
  companyId: string;
  isSandbox: boolean;
  /** Inclusive bounds on completed_at (ISO timestamps); open when absent. */
  completedFrom?: string | undefined;
  completedTo?: string | undefined;
}

/**
 * Money received: the sum and count of a company's completed incoming transactions in a completion
 * window, computed by the database (served by the transactions_company_completed index).
 */
export async function sumCompletedIncoming(
  db: Db,
  window: CompletedWindow,
): Promise<{ totalPence: number; count: number }> {
  let query = db
    .selectFrom('transactions')
    .where('company_id', '=', window.companyId)
    .where('status', '=', 'completed')
    .where('is_sandbox', '=', window.isSandbox ? 1 : 0)
    .where('direction', '=', 'incoming');
  if (window.completedFrom) query = query.where('completed_at', '>=', window.completedFrom);
  if (window.completedTo) query = query.where('completed_at', '<=', window.completedTo);
  const row = await query
    .select((eb) => [
      // PostgreSQL answers sum(bigint) as numeric and count as bigint: both arrive as strings.
      eb.fn.coalesce(eb.fn.sum<string | number>('amount'), eb.lit(0)).as('total'),
      eb.fn.countAll<string | number>().as('n'),
    ])
    .executeTakeFirstOrThrow();
  return { totalPence: Number(row.total), count: Number(row.n) };
}
