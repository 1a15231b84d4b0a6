// The partial indexes of migrations 0026 (payments) and 0027 (the outbox's events) hold only the rows
// their readers look for; a partial index is used only where the engine can prove the query's conditions
// imply the index's. This checks, on the engine of the run, that each reader's own query is planned on
// its index.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type Compilable, CompiledQuery, sql } from 'kysely';
import { deferrableEvents, dueEvents } from '../../src/domain/events/event.repository.js';
import { paymentsAwaitingCheck } from '../../src/domain/payments/data-api-check.js';
import { overdueCandidates } from '../../src/domain/payments/overdue-job.js';
import type { Db } from '../../src/store/database.js';
import { finishedEventsBefore } from '../../src/workers/jobs/outbox-retention.js';
import { buildTestApp, ENGINE } from '../helpers/app.js';
import { postgresPlan } from '../helpers/query-plan.js';

/** The plan of `query` as text. On PostgreSQL sequential scans are priced out, as on a large table. */
async function plan(db: Db, query: Compilable<unknown>): Promise<string> {
  const { sql: text, parameters } = query.compile();
  if (ENGINE === 'sqlite') {
    const rows = await db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${text}`, [...parameters]),
    );
    return rows.rows.map((r) => r.detail).join('\n');
  }
  return db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    return postgresPlan(trx, query);
  });
}

test('each reader of a partial payments index is planned on it', async (t) => {
  const { deps } = await buildTestApp(t);
  const db = deps.db;
  const cases: Array<[string, Compilable<unknown>]> = [
    ['payments_overdue', overdueCandidates(db, new Date())],
    ['payments_data_api_pending', paymentsAwaitingCheck(db)],
    [
      'payments_recurring',
      db.selectFrom('payments').select('id').where('recurring_payment_id', '=', '0123456789abcdef01234567'),
    ],
    [
      'payments_recurring',
      db
        .selectFrom('payments')
        .select('id')
        .where('recurring_payment_id', 'in', ['0123456789abcdef01234567', '76543210fedcba9876543210']),
    ],
  ];
  for (const [index, query] of cases) {
    const text = await plan(db, query);
    assert.match(text, new RegExp(`\\b${index}\\b`), `${query.compile().sql}\n${text}`);
  }
});

test('each reader of a partial events index is planned on it', async (t) => {
  const { deps } = await buildTestApp(t);
  const db = deps.db;
  const now = new Date();
  const probe = { only: '0123456789abcdef01234567', deferredTo: new Date(now.getTime() + 60_000) };
  // On PostgreSQL, either index of pending events only (migration 0027 makes the receiver's own on SQLite).
  const receiversPending = ENGINE === 'sqlite' ? 'events_pending_destination' : '(?:events_due|events_order)';
  const cases: Array<[string[], Compilable<unknown>]> = [
    // The claim's read: due events in order, and (its NOT EXISTS) an earlier pending one of the resource.
    [['events_due', 'events_order'], dueEvents(db, ENGINE, now, 64)],
    [['events_due', 'events_order'], dueEvents(db, ENGINE, now, 64, { exclude: [probe.only] })],
    // A held-back receiver's probe, and what is set aside while it is held back: on its own pending
    // events (SQLite) or on every pending event (PostgreSQL), not on every event it was ever sent.
    [[receiversPending, 'events_order'], dueEvents(db, ENGINE, now, 1, probe)],
    [[receiversPending], deferrableEvents(db, ENGINE, probe.only, now, 1000)],
    [['events_finished'], finishedEventsBefore(db, now.toISOString(), 5000)],
  ];
  for (const [indexes, query] of cases) {
    const text = await plan(db, query);
    for (const index of indexes) {
      assert.match(text, new RegExp(`\\b${index}\\b`), `${query.compile().sql}\n${text}`);
    }
  }
});

test('the partial indexes hold only the rows they are for; the full ones are gone', async (t) => {
  const { deps } = await buildTestApp(t);
  const rows =
    ENGINE === 'sqlite'
      ? await sql<{ name: string; definition: string }>`select name, sql as definition from sqlite_master
          where type = 'index' and tbl_name in ('payments', 'events') and sql is not null`.execute(deps.db)
      : await sql<{ name: string; definition: string }>`select indexname as name, indexdef as definition
          from pg_indexes where tablename in ('payments', 'events') and schemaname = current_schema()`.execute(
          deps.db,
        );
  // PostgreSQL writes the predicate back with parentheses and casts: compare words only.
  const definitions = Object.fromEntries(
    rows.rows.map((r) => [
      r.name,
      r.definition
        .toLowerCase()
        .replace(/::text|[()"]/g, '')
        .replace(/\s+/g, ' '),
    ]),
  );
  const whereOf = (name: string) => definitions[name]?.split(' where ')[1];
  assert.equal(
    whereOf('payments_overdue'),
    "status = 'sent' and due_date is not null and deleted_at is null",
  );
  assert.equal(whereOf('payments_recurring'), 'recurring_payment_id is not null');
  assert.equal(
    whereOf('payments_data_api_pending'),
    "data_api_check_status = 'pending_payment' and deleted_at is null",
  );
  assert.equal(definitions.payments_status_due, undefined);
  assert.equal(definitions.payments_data_api_check, undefined);
  assert.equal(whereOf('events_due'), "state = 'pending'");
  assert.equal(whereOf('events_order'), "state = 'pending'");
  // PostgreSQL writes <> back as it is; SQLite keeps the text as written.
  assert.equal(whereOf('events_finished'), "state <> 'pending'");
  assert.equal(whereOf('events_pending_destination'), ENGINE === 'sqlite' ? "state = 'pending'" : undefined);
});
