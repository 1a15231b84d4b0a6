import { type Kysely, PostgresAdapter, sql } from 'kysely';

// The outbox's indexes hold only the events their readers look for (issue 14, item 5). The claim and the
// per-resource order read pending events only, yet both indexes held every event: each delivery wrote
// an entry into each that no reader would look at. Delivered and failed events now leave them, and the
// retention job, which read the claim's index for them, has one of its own. On SQLite, a held-back
// receiver's pending events (set aside, brought back, probed: src/workers/destination-circuits.ts) have
// one too: without it SQLite read them through the receiver's delivery-log index, every event it was
// ever sent. PostgreSQL reads them through the claim's index, and there the extra index made each create
// cost the database about 200 us more in bench:payments (bench/RESULTS.md, 2026-11-29 17:01). The
// readers name 'pending' as a literal, so that both engines can prove the index applies
// (test/store/partial-indexes.test.ts checks the plans).
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('events_due').execute();
  await db.schema.dropIndex('events_order').execute();
  await sql`create index events_due on events (next_attempt_at, seq) where state = 'pending'`.execute(db);
  await sql`create index events_order on events (order_key, seq) where state = 'pending'`.execute(db);
  await sql`create index events_finished on events (finished_at) where state <> 'pending'`.execute(db);
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) {
    await sql`create index events_pending_destination on events (destination_id, next_attempt_at, seq)
      where state = 'pending'`.execute(db);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('events_pending_destination').ifExists().execute();
  await db.schema.dropIndex('events_finished').execute();
  await db.schema.dropIndex('events_order').execute();
  await db.schema.dropIndex('events_due').execute();
  await db.schema
    .createIndex('events_due')
    .on('events')
    .columns(['state', 'next_attempt_at', 'seq'])
    .execute();
  await db.schema.createIndex('events_order').on('events').columns(['order_key', 'state', 'seq']).execute();
}
