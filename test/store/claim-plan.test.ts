// The dispatcher's claim when a backlog has built behind statistics that saw next to no event pending
// (event.repository.ts, ORDERED_CLAIM_PLAN): it takes the oldest due events that are not behind an
// earlier one of their resource, and on PostgreSQL it is planned to walk the queue in order and stop at
// its limit, not to read and sort the whole backlog.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type Insertable, type KyselyPlugin, sql } from 'kysely';
import {
  type Claim,
  claimDueEvents,
  claimStatement,
  withClaimPlan,
} from '../../src/domain/events/event.repository.js';
import type { EventTable } from '../../src/domain/events/event.row.js';
import type { Db } from '../../src/store/database.js';
import { buildTestApp, ENGINE } from '../helpers/app.js';
import { outboxEvent } from '../helpers/events.js';
import { postgresPlan } from '../helpers/query-plan.js';

const NOW = new Date('2026-12-02T10:00:00.000Z');
const LEASE_UNTIL = new Date('2026-12-02T10:01:00.000Z');

/** Event `n` of its resource: due n ms after 09:00 unless `at` is given. */
function eventRow(
  n: number,
  state: 'pending' | 'delivered',
  resource = `pay${n}`,
  at?: Date,
): Insertable<EventTable> {
  const pending = state === 'pending';
  return outboxEvent(n, at ?? new Date(NOW.getTime() - 3_600_000 + n), {
    resource_id: resource,
    event_name: 'payment.updated',
    state,
    ...(pending ? {} : { next_attempt_at: null, finished_at: NOW.toISOString() }),
    created_at: NOW.toISOString(),
  });
}

async function insert(db: Db, rows: Insertable<EventTable>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('events')
      .values(rows.slice(i, i + 500))
      .execute();
}

test('a claim behind a backlog the statistics did not see takes the oldest due events, in order', async (t) => {
  const { deps } = await buildTestApp(t);
  const db = deps.db;
  await insert(db, [
    ...Array.from({ length: 2_000 }, (_, i) => eventRow(i, 'delivered')),
    ...Array.from({ length: 20 }, (_, i) => eventRow(2_000 + i, 'pending')),
  ]);
  // A backlog: every tenth event behind an earlier one of its resource, and some not due yet. The
  // statistics are taken when a tenth of the events were pending; the rest comes after.
  const backlog = Array.from({ length: 3_000 }, (_, i) => {
    const n = 2_020 + i;
    if (i % 10 === 9) return eventRow(n, 'pending', `pay${n - 1}`);
    if (i % 10 === 4) return eventRow(n, 'pending', `pay${n}`, new Date(NOW.getTime() + 60_000));
    return eventRow(n, 'pending');
  });
  await insert(db, backlog.slice(0, 200));
  await sql`analyze events`.execute(db);
  await insert(db, backlog.slice(200));

  const claim = { owner: 'owner', now: NOW, leaseUntil: LEASE_UNTIL, limit: 64 };
  const claimed = await claimDueEvents(db, ENGINE, claim);
  const expected = [...Array.from({ length: 20 }, (_, i) => `ev${2_000 + i}`), ...backlog.map((e) => e.id)]
    .filter((id) => {
      const i = Number(id.slice(2)) - 2_020;
      return i < 0 || (i % 10 !== 9 && i % 10 !== 4);
    })
    .slice(0, 64);
  assert.deepEqual(
    claimed.map((e) => e.id),
    expected,
  );
  assert.ok(claimed.every((e) => e.lease_owner === 'owner' && e.lease_until === LEASE_UNTIL.toISOString()));

  if (ENGINE !== 'postgres') return;
  // The statistics are as stale as the case needs: they guess a tenth of the events due.
  const due = await postgresPlan(
    db,
    db
      .selectFrom('events')
      .select('seq')
      .where('state', '=', sql.lit('pending'))
      .where('next_attempt_at', '<=', NOW.toISOString()),
  );
  assert.ok(estimatedRows(due) < 300, due);
  assertProbedInOrder(await claimPlan(db, claim));
});

// Autovacuum's analyze at a quiet moment sees no event pending; a backlog then builds. As a join, the
// order check was planned to read every pending event for each event claimed (a join filter), a claim
// quadratic in the backlog (event.repository.ts, notBehindAnEarlierOne).
test('a claim behind a backlog that statistics taken with none pending did not see probes each event', async (t) => {
  const { deps } = await buildTestApp(t);
  const db = deps.db;
  await insert(
    db,
    Array.from({ length: 2_000 }, (_, i) => eventRow(i, 'delivered')),
  );
  if (ENGINE === 'postgres') await sql`vacuum analyze events`.execute(db);
  const backlog = Array.from({ length: 3_000 }, (_, i) =>
    eventRow(2_000 + i, 'pending', `pay${2_000 + i - (i % 2)}`),
  );
  await insert(db, backlog);

  const claim = { owner: 'owner', now: NOW, leaseUntil: LEASE_UNTIL, limit: 64 };
  const claimed = await claimDueEvents(db, ENGINE, claim);
  // Every second event is behind the one before it, of the same payment.
  assert.deepEqual(
    claimed.map((e) => e.id),
    backlog
      .filter((_, i) => i % 2 === 0)
      .slice(0, 64)
      .map((e) => e.id),
  );
  if (ENGINE !== 'postgres') return;
  // The statistics are as stale as the case needs: they guess next to none of the 3,000 pending.
  const pending = await postgresPlan(
    db,
    db.selectFrom('events').select('seq').where('state', '=', sql.lit('pending')),
  );
  assert.ok(estimatedRows(pending) < 30, pending);
  // As a join, the check read all 3,000 for each event claimed (a join filter); a probe reads none.
  assertProbedInOrder(await claimPlan(db, claim));
});

/** The claim's plan, under its settings. */
function claimPlan(db: Db, claim: Claim): Promise<string> {
  return withClaimPlan(db, ENGINE, claim, (trx) => postgresPlan(trx, claimStatement(trx, ENGINE, claim)));
}

/** The plan wanted: the queue's index in order, each event's order key probed by index, no sort. */
function assertProbedInOrder(plan: string): void {
  assert.doesNotMatch(plan, /\bSort\b|\bHash (?:Anti )?Join\b|\bSeq Scan\b|\bBitmap\b|Join Filter/, plan);
  assert.match(plan, /Index Scan using events_due on events e\b/, plan);
  assert.match(
    plan,
    /SubPlan[\s\S]*Scan using events_order on events p\b.*\n\s*Index Cond: \(\(order_key = e\.order_key\) AND \(seq < e\.seq\)\)/,
    plan,
  );
}

/** The rows the planner guesses at the top of `plan`. */
function estimatedRows(plan: string): number {
  return Number(/rows=(\d+)/.exec(plan)?.[1]);
}

test('the claim runs under its plan on PostgreSQL only, and not for a probe nor inside an open transaction', async (t) => {
  const { deps } = await buildTestApp(t);
  await insert(deps.db, [eventRow(1, 'pending'), eventRow(2, 'pending'), eventRow(3, 'pending')]);
  // The plan's settings and the claim's UPDATE, in the order they are built (the UPDATE's subquery, built
  // on its own, is left out).
  const seen: string[] = [];
  const recorder: KyselyPlugin = {
    transformQuery: ({ node }) => {
      if (node.kind === 'RawNode' && node.sqlFragments.join('').includes('set_config')) seen.push('plan');
      if (node.kind === 'UpdateQueryNode') seen.push(node.kind);
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  const recording = deps.db.withPlugin(recorder);
  const claim = { owner: 'owner', now: NOW, leaseUntil: LEASE_UNTIL, limit: 1 };

  assert.equal((await claimDueEvents(recording, ENGINE, claim)).length, 1);
  assert.deepEqual(seen.splice(0), ENGINE === 'postgres' ? ['plan', 'UpdateQueryNode'] : ['UpdateQueryNode']);

  const probe = { ...claim, destinations: { only: 'int1' } };
  assert.equal((await claimDueEvents(recording, ENGINE, probe)).length, 1);
  assert.deepEqual(seen.splice(0), ['UpdateQueryNode']);

  await deps.db.transaction().execute(async (trx) => {
    assert.equal((await claimDueEvents(trx.withPlugin(recorder), ENGINE, claim)).length, 1);
  });
  assert.deepEqual(seen.splice(0), ['UpdateQueryNode']);
});
