import type { Db } from '../../../store/database.js';
import type { SandboxPaymentTable } from '../sandbox-bank.row.js';
import { OPEN_STATUSES } from './behaviours.js';

export async function insertPayment(db: Db, row: SandboxPaymentTable): Promise<void> {
  await db.insertInto('sandbox_bank_payments').values(row).execute();
}

export async function findPayment(
  db: Db,
  id: string,
  lock = false,
): Promise<SandboxPaymentTable | undefined> {
  let query = db.selectFrom('sandbox_bank_payments').selectAll().where('id', '=', id);
  if (lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function updatePayment(db: Db, id: string, patch: Partial<SandboxPaymentTable>): Promise<void> {
  await db.updateTable('sandbox_bank_payments').set(patch).where('id', '=', id).execute();
}

/** Payments the bank has not decided yet, oldest first (the settlement sweep). */
export async function openPayments(db: Db, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('sandbox_bank_payments')
    .select('id')
    .where('status', 'in', [...OPEN_STATUSES])
    .orderBy('created_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}
