import { type Kysely, sql } from 'kysely';

// The lists read live payments of one integration (group A) or one company (group D), newest first. An
// index on exactly that, partial on `deleted_at is null`, is the plan whatever the statistics say: with
// a million payments PostgreSQL, not yet analysed, combined the two older indexes and sorted them all
// (1.1 s for a first page, 0.3 ms with these).
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('payments_integration_created').execute();
  await db.schema.dropIndex('payments_company_created').execute();
  await db.schema
    .createIndex('payments_integration_live')
    .on('payments')
    .columns(['integration_id', 'company_id', 'created_at', 'id'])
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
  await db.schema
    .createIndex('payments_company_live')
    .on('payments')
    .columns(['company_id', 'created_at', 'id'])
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('payments_company_live').execute();
  await db.schema.dropIndex('payments_integration_live').execute();
  await db.schema
    .createIndex('payments_integration_created')
    .on('payments')
    .columns(['integration_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('payments_company_created')
    .on('payments')
    .columns(['company_id', 'created_at', 'id'])
    .execute();
}
