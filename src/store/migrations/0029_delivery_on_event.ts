import { type Kysely, sql } from 'kysely';

// The attempt that delivered an event is kept on the event's own row; the attempts table keeps the others
// (failed ones, retried ones, one made under a lease lost meanwhile, and a delivered one whose event was
// redelivered since: the redelivery moves it there). Nearly every event is
// delivered at its first attempt, and its attempt's row (a heap row, two index entries and a foreign-key
// check) was about 17 of the 37 us PostgreSQL took to record a delivery (bench/RESULTS.md, 2026-12-03
// 14:25-15:30). Events delivered before this migration keep their attempt in the table; the delivery log
// reads both (src/domain/events/event.repository.ts, attemptsOf). Known limit of a rolling upgrade across
// this migration: a process of the version before it neither shows the attempts kept on rows in its
// delivery log nor, when it redelivers an event, moves that event's attempt to the table, so that the
// next delivery's attempt takes its place. Replace the old processes before redelivering by hand.
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('events').addColumn('delivered_attempt_at', 'text').execute();
  await db.schema.alterTable('events').addColumn('delivered_target', 'text').execute();
  await db.schema.alterTable('events').addColumn('delivered_status_code', 'integer').execute();
  await db.schema.alterTable('events').addColumn('delivered_latency_ms', 'integer').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  // The attempts kept on rows go back to the table, so that the delivery log loses none.
  await sql`insert into event_attempts (id, event_id, attempted_at, target, status_code, latency_ms, error, outcome)
    select id || ':delivered', id, delivered_attempt_at, delivered_target, delivered_status_code,
      coalesce(delivered_latency_ms, 0), null, 'delivered'
    from events where delivered_attempt_at is not null`.execute(db);
  for (const column of [
    'delivered_latency_ms',
    'delivered_status_code',
    'delivered_target',
    'delivered_attempt_at',
  ])
    await db.schema.alterTable('events').dropColumn(column).execute();
}
