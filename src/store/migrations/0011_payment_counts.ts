import { type Kysely, sql } from 'kysely';

// The number of live (not deleted) payments per company and integration, kept in the transaction of
// each insert and delete: counting them for every page of a list took 0.6 s with a million stored
// (DESIGN.md 8: p99 <= 20 ms). Spread over 16 slots picked at random, so that concurrent creates of
// one integration do not all wait on one row lock until they commit; a list sums the slots. Filled
// from the payments already stored (in slot 0).
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('payment_counts')
    .addColumn('company_id', 'text', (c) => c.notNull())
    .addColumn('integration_id', 'text', (c) => c.notNull())
    .addColumn('slot', 'integer', (c) => c.notNull())
    .addColumn('live', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('payment_counts_pk', ['company_id', 'integration_id', 'slot'])
    .execute();
  await sql`
    insert into payment_counts (company_id, integration_id, slot, live)
    select company_id, integration_id, 0, count(*) from payments where deleted_at is null
    group by company_id, integration_id
  `.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('payment_counts').execute();
}
