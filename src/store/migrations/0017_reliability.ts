import type { Kysely } from 'kysely';

// The merchant's webhook delivery log (API.md 8) lists one integration's events newest first: an index on
// exactly that, as the partner's log has (events_partner_created).
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('events_destination_created')
    .on('events')
    .columns(['destination_id', 'created_at', 'seq'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('events_destination_created').execute();
}
