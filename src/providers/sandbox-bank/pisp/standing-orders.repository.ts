import type { Db } from '../../../store/database.js';
import type { SandboxStandingOrderPaymentTable, SandboxStandingOrderTable } from '../sandbox-bank.row.js';

export async function insertStandingOrder(db: Db, row: SandboxStandingOrderTable): Promise<void> {
  await db.insertInto('sandbox_bank_standing_orders').values(row).execute();
}

export async function findStandingOrder(
  db: Db,
  id: string,
  lock = false,
): Promise<SandboxStandingOrderTable | undefined> {
  let query = db.selectFrom('sandbox_bank_standing_orders').selectAll().where('id', '=', id);
  if (lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function updateStandingOrder(
  db: Db,
  id: string,
  patch: Partial<SandboxStandingOrderTable>,
): Promise<void> {
  await db.updateTable('sandbox_bank_standing_orders').set(patch).where('id', '=', id).execute();
}

/** Active standing orders with a payment due at or before `now`. */
export async function dueStandingOrders(db: Db, now: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('sandbox_bank_standing_orders')
    .select('id')
    .where('status', '=', 'InitiationCompleted')
    .where('next_payment_at', '<=', now)
    .orderBy('next_payment_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

export async function insertStandingOrderPayment(
  db: Db,
  row: SandboxStandingOrderPaymentTable,
): Promise<void> {
  await db.insertInto('sandbox_bank_standing_order_payments').values(row).execute();
}

export async function paymentsOfStandingOrder(
  db: Db,
  id: string,
): Promise<SandboxStandingOrderPaymentTable[]> {
  return db
    .selectFrom('sandbox_bank_standing_order_payments')
    .selectAll()
    .where('standing_order_id', '=', id)
    .orderBy('payment_index')
    .execute();
}
