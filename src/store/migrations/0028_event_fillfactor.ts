import { type Kysely, PostgresAdapter, sql } from 'kysely';

// An outbox event is written three times: inserted, claimed (its lease), and marked with its outcome. The
// claim changes no indexed column, so PostgreSQL can write it as a heap-only tuple, the new copy on the same
// page and no index touched, but only if the page has room for it; pages filled to the brim (an event is
// about 1.1 KB, seven to a page) had none, and nearly every claim copied the row to another page and wrote
// an entry into six of the table's seven indexes: 68-84 us and 2.1 KB of WAL an event. Pages half filled by
// inserts keep room for their events' claims: 29-33 us and 195 bytes of WAL an event, and the outcome's
// update 1.3 KB of WAL instead of 2.2 (bench/RESULTS.md, 2026-12-03 12:35-13:30). The cost: a page takes
// half as many new events, so the delivered events kept until retention removes them can take up to twice
// the pages. It applies to pages filled from now on. SQLite has no such setting: it rewrites a row in place.
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter)
    await sql`alter table events set (fillfactor = 50)`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter)
    await sql`alter table events reset (fillfactor)`.execute(db);
}
