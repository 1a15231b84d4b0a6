import type { Kysely } from 'kysely';

// What the bank said it moved, when that was not what the payment (or refund, or recurring payment)
// asked for: kept on the attempt so the difference stays on record and is reported once.
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('payment_attempts').addColumn('mismatch', 'text').execute();
  await db.schema.alterTable('recurring_authorisations').addColumn('mismatch', 'text').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('recurring_authorisations').dropColumn('mismatch').execute();
  await db.schema.alterTable('payment_attempts').dropColumn('mismatch').execute();
}
