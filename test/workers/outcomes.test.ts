// What the dispatcher writes once attempts end (event.repository.ts, recordOutcomes): each attempt, and
// each event's new state, atomically; a lease lost meanwhile is not overwritten, and the attempt made
// under it is kept. The attempt that delivered an event is kept on the event's row, the others in the
// attempts table. A batch of deliveries is one statement on PostgreSQL (no transaction: one round trip),
// a transaction on SQLite.
import assert from 'node:assert/strict';
import { type TestContext, test } from 'node:test';
import type { CompiledQuery } from 'kysely';
import {
  attemptsOfEvent,
  claimDueEvents,
  type EventOutcome,
  type EventRow,
  recordOutcomes,
} from '../../src/domain/events/event.repository.js';
import type { Db } from '../../src/store/database.js';
import { buildTestApp, ENGINE } from '../helpers/app.js';
import { outboxEvent } from '../helpers/events.js';

const NOW = new Date('2026-12-03T13:00:00.000Z');
const LATER = new Date('2026-12-03T13:00:01.000Z');

const pendingEvent = (n: number) => outboxEvent(n, new Date(NOW.getTime() - 1_000 + n));

/** A test app's database with events 1..`count` pending, claimed by 'me'. */
async function claimedEvents(t: TestContext, count: number): Promise<{ db: Db; claimed: EventRow[] }> {
  const { deps } = await buildTestApp(t);
  const db = deps.db;
  const numbers = Array.from({ length: count }, (_, i) => i + 1);
  await db.insertInto('events').values(numbers.map(pendingEvent)).execute();
  const claim = { owner: 'me', now: NOW, leaseUntil: new Date(NOW.getTime() + 60_000), limit: 10 };
  return { db, claimed: await claimDueEvents(db, ENGINE, claim) };
}

function outcome(event: EventRow, state: 'delivered' | 'pending'): EventOutcome {
  const delivered = state === 'delivered';
  return {
    seq: event.seq,
    eventId: event.id,
    state,
    attempts: event.attempts + 1,
    nextAttemptAt: delivered ? null : new Date(LATER.getTime() + 60_000).toISOString(),
    finishedAt: delivered ? LATER.toISOString() : null,
    lastError: delivered ? null : 'HTTP 503',
    attempt: {
      id: `at-${event.id}`,
      event_id: event.id,
      attempted_at: NOW.toISOString(),
      target: 'https://example.com/hook',
      status_code: delivered ? 200 : 503,
      latency_ms: 12,
      error: null,
      outcome: delivered ? 'delivered' : 'retry',
    },
  };
}

/**
 * `db` watched: the statements run on it as given (not those built by Kysely's query builders, nor run
 * in a transaction), and each transaction it opens.
 */
function watched(db: Db) {
  const seen: string[] = [];
  const watcher = Object.create(db) as Db;
  watcher.executeQuery = <R>(query: CompiledQuery<R>) => {
    seen.push(query.sql.trim().split(/\s+/, 1)[0] ?? '');
    return db.executeQuery(query);
  };
  watcher.transaction = () => {
    seen.push('transaction');
    return db.transaction();
  };
  return { seen, db: watcher };
}

test('a batch of deliveries is recorded whole, in one statement on PostgreSQL, and a lost lease is kept', async (t) => {
  const { db, claimed } = await claimedEvents(t, 4);
  assert.equal(claimed.length, 4);
  // Event 4's lease expired and another process took it meanwhile.
  await db.updateTable('events').set({ lease_owner: 'other' }).where('id', '=', 'ev4').execute();

  const watch = watched(db);
  await recordOutcomes(
    watch.db,
    ENGINE,
    'me',
    claimed.map((e) => outcome(e, 'delivered')),
  );
  assert.deepEqual(watch.seen, ENGINE === 'postgres' ? ['with'] : ['transaction']);

  const rows = await db.selectFrom('events').selectAll().orderBy('seq').execute();
  assert.deepEqual(
    rows.map((r) => [r.id, r.state, r.attempts, r.lease_owner, r.finished_at, r.delivered_status_code]),
    [
      ['ev1', 'delivered', 1, null, LATER.toISOString(), 200],
      ['ev2', 'delivered', 1, null, LATER.toISOString(), 200],
      ['ev3', 'delivered', 1, null, LATER.toISOString(), 200],
      ['ev4', 'pending', 0, 'other', null, null],
    ],
  );
  // The deliveries' attempts are on their events' rows; the attempts table holds that of the event whose
  // lease was lost, so that every attempt made is on record.
  const table = await db
    .selectFrom('event_attempts')
    .select(['event_id', 'status_code', 'outcome'])
    .execute();
  assert.deepEqual(table, [{ event_id: 'ev4', status_code: 200, outcome: 'delivered' }]);
  for (const id of ['ev1', 'ev2', 'ev3', 'ev4']) {
    assert.deepEqual(
      await attemptsOfEvent(db, id),
      [
        {
          attemptedAt: NOW.toISOString(),
          target: 'https://example.com/hook',
          statusCode: 200,
          latencyMs: 12,
          error: null,
          outcome: 'delivered',
        },
      ],
      id,
    );
  }
});

test('deliveries recorded with a retry: each event gets its own state', async (t) => {
  const { db, claimed } = await claimedEvents(t, 2);
  const [first, second] = claimed;
  assert.ok(first && second);

  await recordOutcomes(db, ENGINE, 'me', [outcome(first, 'delivered'), outcome(second, 'pending')]);
  const rows = await db.selectFrom('events').selectAll().orderBy('seq').execute();
  assert.deepEqual(
    rows.map((r) => [r.id, r.state, r.attempts, r.lease_owner, r.next_attempt_at, r.last_error]),
    [
      ['ev1', 'delivered', 1, null, null, null],
      ['ev2', 'pending', 1, null, new Date(LATER.getTime() + 60_000).toISOString(), 'HTTP 503'],
    ],
  );
  assert.deepEqual(await db.selectFrom('event_attempts').select(['event_id', 'outcome']).execute(), [
    { event_id: 'ev2', outcome: 'retry' },
  ]);
  assert.deepEqual(
    (await attemptsOfEvent(db, 'ev1')).map((a) => [a.statusCode, a.outcome]),
    [[200, 'delivered']],
  );
});

test('a batch of deliveries whose write fails records none of them', async (t) => {
  const { db, claimed } = await claimedEvents(t, 2);
  const outcomes = claimed.map((e) => outcome(e, 'delivered'));
  // Event 2's lease was lost, and its attempt is on record already: the batch's insert of it breaks the key.
  await db.updateTable('events').set({ lease_owner: 'other' }).where('id', '=', 'ev2').execute();
  const [, second] = outcomes;
  assert.ok(second?.attempt);
  await db.insertInto('event_attempts').values(second.attempt).execute();

  await assert.rejects(recordOutcomes(db, ENGINE, 'me', outcomes));
  const rows = await db
    .selectFrom('events')
    .select(['id', 'state', 'lease_owner', 'delivered_attempt_at'])
    .orderBy('seq')
    .execute();
  assert.deepEqual(rows, [
    { id: 'ev1', state: 'pending', lease_owner: 'me', delivered_attempt_at: null },
    { id: 'ev2', state: 'pending', lease_owner: 'other', delivered_attempt_at: null },
  ]);
  const attempts = await db.selectFrom('event_attempts').select('id').execute();
  assert.deepEqual(attempts, [{ id: 'at-ev2' }]);
});

test('an event delivered twice in one batch keeps both attempts', async (t) => {
  const { db, claimed } = await claimedEvents(t, 2);
  const [first, second] = claimed;
  assert.ok(first && second);
  // The first send's lease ran out before it was recorded, and this process sent the event again.
  const again = outcome(first, 'delivered');
  assert.ok(again.attempt);
  again.attempt = { ...again.attempt, id: 'at-ev1-again', attempted_at: LATER.toISOString(), latency_ms: 30 };

  await recordOutcomes(db, ENGINE, 'me', [outcome(first, 'delivered'), outcome(second, 'delivered'), again]);
  const rows = await db.selectFrom('events').select(['id', 'state', 'attempts']).orderBy('seq').execute();
  assert.deepEqual(rows, [
    { id: 'ev1', state: 'delivered', attempts: 1 },
    { id: 'ev2', state: 'delivered', attempts: 1 },
  ]);
  assert.deepEqual(
    (await attemptsOfEvent(db, 'ev1')).map((a) => [a.attemptedAt, a.latencyMs]),
    [
      [NOW.toISOString(), 12],
      [LATER.toISOString(), 30],
    ],
  );
  assert.equal((await attemptsOfEvent(db, 'ev2')).length, 1);
});
