// A receiver that is down has its deliveries held back by the worker loop (issue 14 item 6): after a
// few failures in a row its events are not claimed (no attempt written), then one probe at a time;
// healthy receivers are never held; when it answers again its backlog flows, and each event's own retry
// schedule (API.md 8) is as if nothing had been held.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { SelectQueryBuilder } from 'kysely';
import { OffsetClock } from '../../src/domain/clock.js';
import type { SendWebhook } from '../../src/domain/events/deliver.js';
import { type NewEvent, webhookRow } from '../../src/domain/events/outbox.js';
import { sendWebhook } from '../../src/domain/events/send-webhook.js';
import { newId } from '../../src/domain/ids.js';
import { DestinationCircuits } from '../../src/workers/destination-circuits.js';
import { startDispatcher } from '../../src/workers/dispatcher.js';
import { buildTestApp } from '../helpers/app.js';
import {
  integrationWithReceiver,
  paymentData,
  paymentEventPayload,
  recordPaymentEvent,
} from '../helpers/events.js';
import { tenant } from '../helpers/fixtures.js';
import { eventually } from '../helpers/service-process.js';
import { startWebhookReceiver } from '../helpers/webhook-receiver.js';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

/** A payment webhook to `integrationId`, each of its own payment (no order between them). */
function paymentEvent(integrationId: string): NewEvent {
  const id = newId();
  const paymentId = newId();
  return {
    id,
    destination: { kind: 'integration', integrationId },
    eventName: 'payment.status_updated',
    resourceType: 'payment',
    resourceId: paymentId,
    payload: paymentEventPayload(id, new Date(), paymentData(paymentId, 'sent')),
  };
}

/**
 * Time that moves only when the test moves it. With a clock that also runs with real time, a slow
 * machine reached the end of the circuit's 1 s wait on its own, and a probe went out mid-check (CI).
 */
async function rowCount<DB, TB extends keyof DB>(query: SelectQueryBuilder<DB, TB, object>): Promise<number> {
  // The generic builder loses the selection's type: the count is read back as what it is.
  const row = (await query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()) as {
    n: number | string | bigint;
  };
  return Number(row.n);
}

class StillClock extends OffsetClock {
  private readonly start = Date.now();

  override now(): Date {
    return new Date(this.start + this.offset);
  }
}

test('a circuit opens at the threshold, probes once its wait is over, doubles on a failed probe, closes on success', () => {
  const circuits = new DestinationCircuits(quiet, { threshold: 3, baseOpenMs: 1_000, maxOpenMs: 3_000 });
  circuits.failed('a', 0);
  circuits.failed('a', 0);
  assert.deepEqual(circuits.held(), [], 'two failures: still closed');
  circuits.failed('a', 0);
  assert.deepEqual(circuits.held(), ['a']);
  assert.deepEqual(circuits.probes(999), [], 'open for 1 s');
  assert.deepEqual(circuits.probes(1_000), ['a']);
  assert.deepEqual(circuits.probes(1_500), [], 'one probe at a time');
  assert.deepEqual(circuits.held(), ['a'], 'held while its probe is out');
  circuits.failed('a', 1_500);
  assert.deepEqual(circuits.probes(3_499), [], 'open for 2 s after a failed probe');
  assert.deepEqual(circuits.probes(3_500), ['a']);
  circuits.failed('a', 3_500);
  assert.deepEqual(circuits.probes(6_499), [], 'capped at 3 s');
  assert.deepEqual(circuits.probes(6_500), ['a']);
  circuits.succeeded('a');
  assert.deepEqual(circuits.held(), []);
  // A success in between resets the count; a probe with nothing to send lets go.
  circuits.failed('b', 0);
  circuits.failed('b', 0);
  circuits.succeeded('b');
  circuits.failed('b', 0);
  circuits.failed('b', 0);
  assert.deepEqual(circuits.held(), []);
  circuits.failed('b', 0);
  assert.deepEqual(circuits.probes(1_000), ['b']);
  circuits.nothingToProbe('b');
  assert.deepEqual(circuits.held(), []);
  // A probe never heard of (lost) goes again after 30 s.
  for (let i = 0; i < 3; i++) circuits.failed('c', 0);
  assert.deepEqual(circuits.probes(1_000), ['c']);
  assert.deepEqual(circuits.probes(30_999), []);
  assert.deepEqual(circuits.probes(31_000), ['c']);
});

test('a held destination sets its events aside until a time renewed as it passes, handed back when it closes or the loop stops', () => {
  const circuits = new DestinationCircuits(quiet, { threshold: 1, baseOpenMs: 1_000, deferMs: 60_000 });
  assert.deepEqual(circuits.deferrals(0), [], 'nothing held, nothing set aside');
  circuits.failed('a', 0);
  assert.deepEqual(circuits.deferrals(10), [{ destination: 'a', until: 60_010 }]);
  assert.deepEqual(
    circuits.deferrals(500),
    [{ destination: 'a', until: 60_010 }],
    'the same time while it stands',
  );
  assert.equal(circuits.deferredTo('a'), 60_010, 'its probe may take one of those');
  assert.deepEqual(circuits.probes(1_000), ['a']);
  assert.deepEqual(
    circuits.deferrals(60_010),
    [{ destination: 'a', until: 120_020 }],
    'renewed once passed, as far ahead as it has been held',
  );
  assert.deepEqual(circuits.takeClosed(), []);
  circuits.succeeded('a');
  assert.deepEqual(circuits.takeClosed(), [{ destination: 'a', until: 120_020 }], 'closed: to go now');
  assert.deepEqual(circuits.takeClosed(), [], 'taken once');
  assert.deepEqual(circuits.deferrals(120_000), []);
  // A failed undo is given back; a stopping loop takes every set-aside, open or closed.
  circuits.returnClosed([{ destination: 'a', until: 120_020 }]);
  circuits.failed('b', 0);
  circuits.deferrals(5);
  circuits.failed('c', 0);
  assert.deepEqual(circuits.takeAll(), [
    { destination: 'a', until: 120_020 },
    { destination: 'b', until: 60_005 },
  ]);
  assert.deepEqual(circuits.held(), []);
});

test('the longer a receiver is held, the further ahead its events are set aside, up to a cap; a new outage starts over', () => {
  const minute = 60_000;
  const hour = 60 * minute;
  const circuits = new DestinationCircuits(quiet, { threshold: 1, baseOpenMs: 1_000, maxOpenMs: 25_000 });
  circuits.failed('a', 0);
  // Defaults: a minute at first, then as long as it has been held (each renewal doubles that), up to an
  // hour: a set-aside event is rewritten 7 times in its receiver's first 2 hours down, not 119.
  const renewals: number[] = [];
  let until = circuits.deferrals(0)[0]?.until ?? 0;
  assert.equal(until, minute, 'a minute at first');
  while (until < 5 * hour) {
    // Probes keep failing meanwhile: the time held counts from when the circuit opened.
    assert.deepEqual(circuits.probes(until), ['a']);
    circuits.failed('a', until);
    renewals.push(until);
    const next: number = circuits.deferrals(until)[0]?.until ?? 0;
    assert.deepEqual(
      circuits.deferrals(next - 1),
      [{ destination: 'a', until: next }],
      'the same until then',
    );
    until = next;
  }
  assert.deepEqual(
    renewals.map((at) => at / minute),
    [1, 2, 4, 8, 16, 32, 64, 124, 184, 244],
    'renewed after 1, 2, 4 ... 64 minutes held, then hourly',
  );
  // Closed, and down again later: a minute at first again.
  circuits.succeeded('a');
  circuits.takeClosed();
  circuits.failed('a', 10 * hour);
  assert.deepEqual(circuits.deferrals(10 * hour), [{ destination: 'a', until: 10 * hour + minute }]);
  // A first set-aside that comes late (the loop had no poll free) is still a minute ahead.
  circuits.failed('late', 10 * hour);
  assert.deepEqual(circuits.deferrals(10 * hour + 5 * minute)[1], {
    destination: 'late',
    until: 10 * hour + 6 * minute,
  });
  // Injectable bounds (a renewal never sets aside for less than deferMs, nor more than maxDeferMs).
  const quick = new DestinationCircuits(quiet, { threshold: 1, deferMs: 1_000, maxDeferMs: 5_000 });
  quick.failed('b', 0);
  const horizons: number[] = [];
  let at = 0;
  while (horizons.length < 6) {
    const next: number = quick.deferrals(at)[0]?.until ?? 0;
    horizons.push(next - at);
    at = next;
  }
  assert.deepEqual(horizons, [1_000, 1_000, 2_000, 4_000, 5_000, 5_000]);
});

test('the worker loop holds a down receiver back without writing, keeps the healthy one flowing, and catches up', async (t) => {
  const app = await buildTestApp(t, {}, { clock: new StillClock() });
  const receiver = await startWebhookReceiver(t);
  const { partner, company } = await tenant(app);
  const down = await integrationWithReceiver(app, partner, company.id, receiver, {
    isRetryWebhookEnabled: true,
  });
  const up = await integrationWithReceiver(app, partner, company.id, receiver);
  const downPath = down.webhookPath;
  let receiverBack = false;
  receiver.respond((webhook) => (webhook.path === downPath && !receiverBack ? 503 : 200));
  const held: string[] = [];
  for (let i = 0; i < 10; i++) held.push(await recordPaymentEvent(app, down.id, newId(), 'sent'));
  const healthy: string[] = [];
  for (let i = 0; i < 5; i++) healthy.push(await recordPaymentEvent(app, up.id, newId(), 'sent'));
  const attemptsOfDown = () =>
    rowCount(app.deps.db.selectFrom('event_attempts').where('event_id', 'in', held));
  const delivered = (ids: string[]) => ids.filter((id) => receiver.acknowledged.has(id)).length;
  // Outcomes are written in batches after the attempts: until they are, an attempt holds its lease.
  const leasedOfDown = () =>
    rowCount(app.deps.db.selectFrom('events').where('id', 'in', held).where('lease_owner', 'is not', null));

  const dispatcher = startDispatcher(app.deps, {
    concurrency: 2,
    pollMs: 10,
    circuits: { threshold: 3, baseOpenMs: 1_000, maxOpenMs: 20_000 },
  });
  // Stopped before the app closes (after-hooks run in the order they were added).
  try {
    await eventually(
      async () => delivered(healthy) === 5 && (await leasedOfDown()) === 0,
      10_000,
      'the healthy receiver served, and the outcomes of the down one written',
    );
    const whileOpen = await attemptsOfDown();
    // Three failures open the circuit; a fourth may have been in flight with them (2 at a time).
    assert.ok(whileOpen >= 3 && whileOpen <= 4, `attempts before the circuit opened: ${whileOpen}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(await attemptsOfDown(), whileOpen, 'nothing attempted, nothing written, while open');
    // Those never attempted are set aside, so that no claim reads past them while they wait.
    const setAside = await rowCount(
      app.deps.db
        .selectFrom('events')
        .where('id', 'in', held)
        .where('attempts', '=', 0)
        .where('next_attempt_at', '>', app.clock.now().toISOString()),
    );
    assert.equal(setAside, 10 - whileOpen, 'the unattempted events set aside');

    // The clock reaches the end of the wait: one probe, which fails and doubles the wait.
    app.clock.advance(1_000);
    await eventually(async () => (await attemptsOfDown()) === whileOpen + 1, 10_000, 'one probe');
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(await attemptsOfDown(), whileOpen + 1, 'one probe only');

    // The receiver is back: the next probe succeeds and the events never attempted flow at once.
    receiverBack = true;
    app.clock.advance(2_000);
    await eventually(async () => delivered(held) === 10 - (whileOpen + 1), 10_000, 'the backlog flows');
    // Those that failed wait for their own retry (30 s after their attempt), as API.md 8 says.
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.equal(delivered(held), 10 - (whileOpen + 1));
    app.clock.advance(30_000);
    await eventually(async () => delivered(held) === 10, 10_000, 'the retries');
    // The receiver acknowledges before the dispatcher writes the outcome (outcomes go in batches).
    const heldRows = () =>
      app.deps.db.selectFrom('events').select(['id', 'attempts', 'state']).where('id', 'in', held).execute();
    await eventually(
      async () => (await heldRows()).every((row) => row.state === 'delivered'),
      10_000,
      'the outcomes written',
    );
    for (const row of await heldRows()) {
      assert.equal(row.state, 'delivered');
      assert.ok(row.attempts <= 2, `attempts of ${row.id}: ${row.attempts}`);
    }
  } finally {
    await dispatcher.stop();
  }
});

test('a held receiver with a large backlog does not hold a healthy one back: its events go within a few polls', async (t) => {
  const app = await buildTestApp(t, {}, { clock: new StillClock() });
  const receiver = await startWebhookReceiver(t);
  const { partner, company } = await tenant(app);
  const down = await integrationWithReceiver(app, partner, company.id, receiver);
  const up = await integrationWithReceiver(app, partner, company.id, receiver);
  const downPath = down.webhookPath;
  // Far more than a claim takes (concurrency 4) and than the 256 rows the read once looked at, and six
  // times what a poll sets aside (DEFER_BATCH, 1,000): a healthy event that waited for the backlog to be
  // set aside (or claimed past) would find none of it due any more when it arrives; one sent within 3
  // polls finds 3,000 or more.
  const BACKLOG = 6_000;
  const downDue = () =>
    rowCount(
      app.deps.db
        .selectFrom('events')
        .where('destination_id', '=', down.id)
        .where('state', '=', 'pending')
        .where('attempts', '=', 0)
        .where('next_attempt_at', '<=', app.clock.now().toISOString()),
    );
  const dueOnArrival = new Map<string, number>();
  receiver.respond(async (webhook) => {
    if (webhook.path === downPath) return 503;
    dueOnArrival.set(webhook.id, await downDue());
    return 200;
  });
  const failing: string[] = [];
  for (let i = 0; i < 3; i++) failing.push(await recordPaymentEvent(app, down.id, newId(), 'sent'));
  // Polls a second apart: the healthy event's count is taken when it arrives, and a loaded machine may
  // take a few hundred ms to get there; at 100 ms, polls setting aside 1,000 each went on meanwhile.
  const dispatcher = startDispatcher(app.deps, {
    concurrency: 4,
    pollMs: 1_000,
    circuits: { threshold: 3, baseOpenMs: 3_600_000, deferMs: 60_000 },
  });
  try {
    await eventually(
      async () =>
        (await rowCount(
          app.deps.db
            .selectFrom('events')
            .where('id', 'in', failing)
            .where('attempts', '=', 1)
            .where('lease_owner', 'is', null),
        )) === 3,
      30_000,
      'three failures written: the circuit is open',
    );
    // The backlog grows while the receiver is down, and a healthy receiver's event comes with it (one
    // commit: the dispatcher sees them at once, however the polls fall).
    const at = app.clock.now();
    const healthy = await webhookRow(app.deps.db, at, paymentEvent(up.id));
    await app.deps.db.transaction().execute(async (trx) => {
      for (let i = 0; i < BACKLOG; i += 500) {
        const rows = await Promise.all(
          Array.from({ length: 500 }, () => webhookRow(trx, at, paymentEvent(down.id))),
        );
        await trx.insertInto('events').values(rows).execute();
      }
      await trx.insertInto('events').values(healthy).execute();
    });
    await eventually(
      async () => receiver.acknowledged.has(healthy.id),
      30_000,
      'the healthy event delivered',
    );
    const first = dueOnArrival.get(healthy.id) ?? 0;
    assert.ok(
      first >= BACKLOG - 3_000,
      `of the held backlog, still due when the healthy event came: ${first}`,
    );

    // Its set-aside time passes: the whole backlog is due again at once, with another healthy event.
    await eventually(async () => (await downDue()) === 0, 30_000, 'the backlog set aside');
    const again = await webhookRow(app.deps.db, at, paymentEvent(up.id));
    await app.deps.db
      .insertInto('events')
      .values({ ...again, next_attempt_at: new Date(at.getTime() + 60_000).toISOString() })
      .execute();
    app.clock.advance(60_000);
    await eventually(
      async () => receiver.acknowledged.has(again.id),
      30_000,
      'the next healthy event delivered',
    );
    const second = dueOnArrival.get(again.id) ?? 0;
    assert.ok(second >= BACKLOG - 3_000, `still due when the next healthy event came: ${second}`);
    const attempted = await rowCount(
      app.deps.db.selectFrom('events').where('destination_id', '=', down.id).where('attempts', '>', 0),
    );
    assert.equal(attempted, 3, 'none of the backlog attempted while held');
  } finally {
    await dispatcher.stop();
  }
});

test('a stopping worker hands back the events it set aside: another need not wait for them', async (t) => {
  const app = await buildTestApp(t, {}, { clock: new StillClock() });
  const receiver = await startWebhookReceiver(t);
  const { partner, company } = await tenant(app);
  const down = await integrationWithReceiver(app, partner, company.id, receiver);
  receiver.respond(() => 503);
  const ids: string[] = [];
  for (let i = 0; i < 6; i++) ids.push(await recordPaymentEvent(app, down.id, newId(), 'sent'));
  const unattempted = app.deps.db.selectFrom('events').where('id', 'in', ids).where('attempts', '=', 0);
  const dispatcher = startDispatcher(app.deps, {
    concurrency: 1,
    pollMs: 10,
    circuits: { threshold: 3, baseOpenMs: 60_000 },
  });
  try {
    await eventually(
      async () =>
        (await rowCount(unattempted.where('next_attempt_at', '>', app.clock.now().toISOString()))) === 3,
      10_000,
      'three attempts, then the other three set aside',
    );
  } finally {
    await dispatcher.stop();
  }
  const due = await rowCount(unattempted.where('next_attempt_at', '<=', app.clock.now().toISOString()));
  assert.equal(due, 3, 'due again once the worker stopped');
});

test('sends that fail in paybank (its sender thread ended) are retried and hold no receiver back', async (t) => {
  const app = await buildTestApp(t, {}, { clock: new StillClock() });
  const receiver = await startWebhookReceiver(t);
  const { partner, company } = await tenant(app);
  const integration = await integrationWithReceiver(app, partner, company.id, receiver);
  const ids: string[] = [];
  for (let i = 0; i < 8; i++) ids.push(await recordPaymentEvent(app, integration.id, newId(), 'sent'));
  // What WebhookSender does when its thread ends with sends it had not answered: it rejects them.
  let failures = 0;
  const send: SendWebhook = async (target, event) => {
    if (failures < 5) {
      failures++;
      throw new Error('the webhook sender thread ended (exit code 1)');
    }
    return sendWebhook(target, event, { allowPrivate: true });
  };
  const dispatcher = startDispatcher(app.deps, {
    concurrency: 2,
    pollMs: 10,
    send,
    circuits: { threshold: 3, baseOpenMs: 60_000 },
  });
  try {
    // Five failures in a row would hold the receiver for a minute (StillClock: never, here) after three.
    await eventually(async () => receiver.acknowledged.size === 3, 10_000, 'the others delivered');
    await eventually(
      async () =>
        (await rowCount(app.deps.db.selectFrom('events').where('lease_owner', 'is not', null))) === 0,
      10_000,
      'the outcomes written',
    );
    const failed = await app.deps.db
      .selectFrom('event_attempts')
      .select(['target', 'status_code', 'error', 'outcome'])
      .where('event_id', 'in', ids)
      .where('outcome', '!=', 'delivered')
      .execute();
    assert.equal(failed.length, 5);
    for (const attempt of failed) {
      assert.deepEqual(
        [attempt.target, attempt.status_code, attempt.outcome],
        [null, null, 'retry'],
        'a retryable attempt that reached no receiver',
      );
      assert.match(attempt.error ?? '', /sender thread ended/);
    }
  } finally {
    await dispatcher.stop();
  }
});
