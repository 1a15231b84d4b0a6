import { type Kysely, sql } from 'kysely';

// Leaner writes (issue 14, item 5): three indexes on payments were needed only for a few of its rows, yet
// every create wrote an entry into each. Now each holds just the rows its one reader looks for:
// - the overdue job: sent, live payments with a due date (most links have none);
// - recurring payments: the payments that belong to one (most do not);
// - the data-API check: live payments still waiting for it (only accounts connected through a bank's
//   data API have any).
// Their readers name the conditions as literals, so that both engines can prove the index applies
// (test/store/partial-indexes.test.ts checks the plans).
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('payments_status_due').execute();
  await db.schema.dropIndex('payments_recurring').execute();
  await db.schema.dropIndex('payments_data_api_check').execute();
  await sql`create index payments_overdue on payments (due_date)
    where status = 'sent' and due_date is not null and deleted_at is null`.execute(db);
  await sql`create index payments_recurring on payments (recurring_payment_id)
    where recurring_payment_id is not null`.execute(db);
  await sql`create index payments_data_api_pending on payments (created_at)
    where data_api_check_status = 'pending_payment' and deleted_at is null`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('payments_data_api_pending').execute();
  await db.schema.dropIndex('payments_recurring').execute();
  await db.schema.dropIndex('payments_overdue').execute();
  await db.schema.createIndex('payments_status_due').on('payments').columns(['status', 'due_date']).execute();
  await db.schema
    .createIndex('payments_recurring')
    .on('payments')
    .columns(['recurring_payment_id'])
    .execute();
  await db.schema
    .createIndex('payments_data_api_check')
    .on('payments')
    .columns(['data_api_check_status', 'bank_account_id'])
    .execute();
}
