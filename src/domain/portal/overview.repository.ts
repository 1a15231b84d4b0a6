// The numbers of the portal's overview, over all of a partner's companies.
import type { Db } from '../../store/database.js';

const AWAITING = ['pending_verification', 'started_verification', 'rejected_with_retry_allowed'];

/** Completed incoming transactions since `from` (ISO): when and how much, to be summed per day. */
export async function receivedSince(db: Db, partnerId: string, from: string) {
  return db
    .selectFrom('transactions')
    .innerJoin('companies', 'companies.id', 'transactions.company_id')
    .select(['transactions.completed_at', 'transactions.amount'])
    .where('companies.partner_id', '=', partnerId)
    .where('transactions.direction', '=', 'incoming')
    .where('transactions.status', '=', 'completed')
    .where('transactions.completed_at', '>=', from)
    .execute();
}

export async function paymentsByStatus(db: Db, partnerId: string) {
  return db
    .selectFrom('payments')
    .innerJoin('companies', 'companies.id', 'payments.company_id')
    .select(['payments.status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('companies.partner_id', '=', partnerId)
    .where('payments.deleted_at', 'is', null)
    .groupBy('payments.status')
    .orderBy('payments.status')
    .execute();
}

export async function companiesAwaitingVerification(db: Db, partnerId: string): Promise<number> {
  const row = await db
    .selectFrom('companies')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('partner_id', '=', partnerId)
    .where('status', 'in', AWAITING)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Webhooks that failed for good, and those failing now and waiting for a retry. */
export async function failingWebhooks(
  db: Db,
  partnerId: string,
): Promise<{ failed: number; retrying: number }> {
  const rows = await db
    .selectFrom('events')
    .select(['state', (eb) => eb.fn.countAll<number>().as('n')])
    .where('partner_id', '=', partnerId)
    .where('channel', '=', 'webhook')
    .where((eb) =>
      eb.or([eb('state', '=', 'failed'), eb.and([eb('state', '=', 'pending'), eb('attempts', '>', 0)])]),
    )
    .groupBy('state')
    .execute();
  const count = (state: string) => Number(rows.find((r) => r.state === state)?.n ?? 0);
  return { failed: count('failed'), retrying: count('pending') };
}
