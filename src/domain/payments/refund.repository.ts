import type { Db } from '../../store/database.js';
import type { AccountRef } from './payment.js';
import type { Refund, RefundStatus } from './refund.js';
import type { RefundTable } from './refund.row.js';

export function toRefund(row: RefundTable): Refund {
  return {
    id: row.id,
    paymentId: row.payment_id,
    companyId: row.company_id,
    amountPence: Number(row.amount),
    status: row.status as RefundStatus,
    linkToken: row.link_token,
    payee: JSON.parse(row.payee) as AccountRef,
    payeeEmail: row.payee_email,
    transactionId: row.transaction_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    completedAt: row.completed_at,
  };
}

export async function insertRefund(db: Db, refund: Refund): Promise<void> {
  await db
    .insertInto('refunds')
    .values({
      id: refund.id,
      payment_id: refund.paymentId,
      company_id: refund.companyId,
      amount: refund.amountPence,
      status: refund.status,
      link_token: refund.linkToken,
      payee: JSON.stringify(refund.payee),
      payee_email: refund.payeeEmail,
      transaction_id: refund.transactionId,
      created_at: refund.createdAt,
      updated_at: refund.updatedAt,
      completed_at: refund.completedAt,
    })
    .execute();
}

export async function findRefund(db: Db, id: string): Promise<Refund | undefined> {
  const row = await db.selectFrom('refunds').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toRefund(row) : undefined;
}

export async function findRefundByToken(db: Db, token: string): Promise<Refund | undefined> {
  const row = await db.selectFrom('refunds').selectAll().where('link_token', '=', token).executeTakeFirst();
  return row ? toRefund(row) : undefined;
}

export async function latestRefundOf(db: Db, paymentId: string): Promise<Refund | undefined> {
  const row = await db
    .selectFrom('refunds')
    .selectAll()
    .where('payment_id', '=', paymentId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row ? toRefund(row) : undefined;
}

export async function setRefundStatus(
  db: Db,
  id: string,
  status: RefundStatus,
  patch: Partial<Pick<RefundTable, 'transaction_id' | 'completed_at' | 'updated_at'>>,
): Promise<void> {
  await db
    .updateTable('refunds')
    .set({ status, ...patch })
    .where('id', '=', id)
    .execute();
}
