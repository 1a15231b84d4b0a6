// On PostgreSQL an outbox claim rewrites its events' rows in place (heap-only tuples: no index entry
// written), because the outbox's pages keep room for it (migration 0028). Registered on PostgreSQL runs
// only: SQLite rewrites a row in place whatever its page holds.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sql } from 'kysely';
import { claimStatement } from '../../src/domain/events/event.repository.js';
import { buildTestApp } from '../helpers/app.js';
import { outboxEvent } from '../helpers/events.js';

const NOW = new Date('2026-12-03T12:00:00.000Z');

/** A pending event with a payload the size of a payment's (about 770 bytes): seven such rows fill a page. */
const pendingEvent = (n: number) =>
  outboxEvent(n, new Date(NOW.getTime() - 60_000 + n), {
    payload: JSON.stringify({ id: `pay${n}`, status: 'sent', note: 'x'.repeat(740) }),
  });

test('a claim of events rewrites each row on its own page, touching no index', async (t) => {
  const { deps } = await buildTestApp(t);
  await deps.db
    .insertInto('events')
    .values(Array.from({ length: 210 }, (_, i) => pendingEvent(i)))
    .execute();

  const { claimed, hot, updated } = await deps.db.transaction().execute(async (trx) => {
    const claimed = await claimStatement(trx, 'postgres', {
      owner: 'owner',
      now: NOW,
      leaseUntil: new Date(NOW.getTime() + 60_000),
      limit: 210,
    }).execute();
    // This transaction's own counts, before they are sent to the statistics.
    const { rows } = await sql<{ hot: string; updated: string }>`select n_tup_hot_upd as hot,
      n_tup_upd as updated from pg_stat_xact_user_tables where relid = 'events'::regclass`.execute(trx);
    return { claimed: claimed.length, hot: Number(rows[0]?.hot), updated: Number(rows[0]?.updated) };
  });
  assert.equal(claimed, 210);
  assert.equal(updated, 210);
  assert.equal(hot, 210, `${hot} of the 210 claims were written in place`);
});
