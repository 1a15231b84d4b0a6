import type { Kysely } from 'kysely';

// The attempt that delivered an event is kept on the event's own row; the attempts table keeps the others
// (failed ones, retried ones, and a delivered one whose event was redelivered since). Nearly every event is
// delivered at its first attempt, and its attempt's row (a heap row, two index entries and a foreign-key
// check) was about 17 of the 37 us PostgreSQL took to record a delivery (bench/RESULTS.md, 2026-12-03
// 14:25-15:30). Events delivered before this migration keep their attempt in the table; the delivery log
// reads both (src/domain/events/event.repository.ts, attemptsOf).
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('events').addColumn('delivered_attempt_at', 'text').execute();
  await db.schema.alterTable('events').addColumn('delivered_target', 'text').execute();
  await db.schema.alterTable('events').addColumn('delivered_status_code', 'integer').execute();
  await db.schema.alterTable('events').addColumn('delivered_latency_ms', 'integer').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const column of [
    'delivered_latency_ms',
    'delivered_status_code',
    'delivered_target',
    'delivered_attempt_at',
  ])
    await db.schema.alterTable('events').dropColumn(column).execute();
}
