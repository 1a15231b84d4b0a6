import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  // The merchant-account credit that confirmed the payment: one credit never confirms two payments.
  await db.schema.alterTable('payments').addColumn('data_api_credit_id', 'text').execute();
  await db.schema
    .createIndex('payments_data_api_check')
    .on('payments')
    .columns(['data_api_check_status', 'bank_account_id'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('payments_data_api_check').execute();
  await db.schema.alterTable('payments').dropColumn('data_api_credit_id').execute();
}
