// Migration 0029 keeps the attempt that delivered an event on the event's row. Undone, it puts those
// attempts back in the attempts table, so that the delivery log of the version before loses none.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { attemptsOfEvent } from '../../src/domain/events/event.repository.js';
import { down, up } from '../../src/store/migrations/0029_delivery_on_event.js';
import { buildTestApp } from '../helpers/app.js';
import { outboxEvent } from '../helpers/events.js';

const AT = new Date('2026-12-03T17:00:00.000Z');

test('undone, the attempts kept on rows go back to the attempts table', async (t) => {
  const { deps } = await buildTestApp(t);
  const db = deps.db;
  const delivered = {
    state: 'delivered' as const,
    attempts: 2,
    finished_at: '2026-12-03T17:00:03.000Z',
    delivered_attempt_at: '2026-12-03T17:00:02.000Z',
    delivered_target: 'https://example.com/hook',
    delivered_status_code: 204,
    delivered_latency_ms: 9,
  };
  await db
    .insertInto('events')
    .values([outboxEvent(1, AT, delivered), outboxEvent(2, AT, { state: 'failed', attempts: 1 })])
    .execute();
  await db
    .insertInto('event_attempts')
    .values(
      ['ev1', 'ev2'].map((id) => ({
        id: `retry-${id}`,
        event_id: id,
        attempted_at: '2026-12-03T17:00:01.000Z',
        target: 'https://example.com/hook',
        status_code: 503,
        latency_ms: 4,
        error: 'HTTP 503',
        outcome: 'retry',
      })),
    )
    .execute();
  const before = { ev1: await attemptsOfEvent(db, 'ev1'), ev2: await attemptsOfEvent(db, 'ev2') };
  assert.deepEqual(
    before.ev1.map((a) => [a.statusCode, a.outcome]),
    [
      [503, 'retry'],
      [204, 'delivered'],
    ],
  );

  await down(db);
  const rows = await db.selectFrom('event_attempts').selectAll().orderBy('attempted_at').execute();
  const after = (id: string) =>
    rows
      .filter((r) => r.event_id === id)
      .map((r) => ({
        attemptedAt: r.attempted_at,
        target: r.target,
        statusCode: r.status_code,
        latencyMs: r.latency_ms,
        error: r.error,
        outcome: r.outcome,
      }));
  assert.deepEqual(after('ev1'), before.ev1);
  assert.deepEqual(after('ev2'), before.ev2);
  await up(db);
});
