// SIGKILL with 1,000 events undelivered; after a restart every event is delivered, and none that the
// receiver had acknowledged before the kill is sent again.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { attemptsOfEvent } from '../../src/domain/events/event.repository.js';
import { recordEvent } from '../../src/domain/events/outbox.js';
import { newId } from '../../src/domain/ids.js';
import { integrationWithReceiver, paymentData, paymentEventPayload } from '../helpers/events.js';
import { tenant } from '../helpers/fixtures.js';
import { eventually, seedApp, sharedDatabase, startServiceProcess } from '../helpers/service-process.js';
import { startWebhookReceiver } from '../helpers/webhook-receiver.js';

const PAYMENTS = 100;
// Each event of a payment carries its step in the reference, so the receiver can tell their order.
const STEPS = ['S0', 'S1', 'S2', 'S3', 'S4', 'S5', 'S6', 'S7', 'S8', 'S9'];
const ACK_BEFORE_KILL = 300;

test('a killed process loses nothing and repeats nothing acknowledged', { timeout: 240_000 }, async (t) => {
  const db = await sharedDatabase(t);
  const receiver = await startWebhookReceiver(t);
  const seed = await seedApp(t, db);
  const { partner, company } = await tenant(seed);
  const integration = await integrationWithReceiver(seed, partner, company.id, receiver, {
    isRetryWebhookEnabled: true,
  });
  const payments = Array.from({ length: PAYMENTS }, () => newId());
  for (const step of STEPS) {
    await seed.deps.db.transaction().execute(async (trx) => {
      for (const payment of payments) {
        const id = newId();
        await recordEvent(trx, new Date(), {
          id,
          destination: { kind: 'integration', integrationId: integration.id },
          eventName: 'payment.status_updated',
          resourceType: 'payment',
          resourceId: payment,
          payload: paymentEventPayload(id, new Date(), paymentData(payment, 'sent', step)),
        });
      }
    });
  }
  const delivered = async () =>
    Number(
      (
        await seed.deps.db
          .selectFrom('events')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('state', '=', 'delivered')
          .executeTakeFirstOrThrow()
      ).n,
    );

  // The receiver acknowledges the first 300, then stops answering: those requests are in flight when
  // the process dies.
  let answered = 0;
  receiver.respond(() => (answered++ < ACK_BEFORE_KILL ? 200 : new Promise<number>(() => {})));
  const first = await startServiceProcess(t, db, { LEASE_SECONDS: '11' });
  await receiver.waitForAcknowledged(ACK_BEFORE_KILL, 30_000);
  await eventually(async () => (await delivered()) === ACK_BEFORE_KILL, 15_000, 'the 300 outcomes recorded');
  await first.kill('SIGKILL');
  const acknowledgedBeforeKill = new Set(receiver.acknowledged.keys());
  assert.equal(acknowledgedBeforeKill.size, ACK_BEFORE_KILL);
  // Requests the first process sent just before it died may still be in the receiver's sockets. They
  // must meet the receiver that does not answer: a 200 that no process lives to record would count as
  // an acknowledgement, and the event, rightly sent again, as acknowledged twice.
  await eventually(
    async () => (await receiver.connections()) === 0,
    10_000,
    "the first process's connections closed",
  );
  const receivedBeforeKill = receiver.received.length;

  receiver.respond(() => 200);
  const second = await startServiceProcess(t, db, { LEASE_SECONDS: '11' });
  await eventually(
    async () => receiver.acknowledged.size === PAYMENTS * STEPS.length,
    40_000,
    `all events acknowledged (${receiver.acknowledged.size} so far)\n${second.output()}`,
  );
  await eventually(async () => (await delivered()) === PAYMENTS * STEPS.length, 10_000, 'all recorded');

  const resent = receiver.received.slice(receivedBeforeKill).filter((w) => acknowledgedBeforeKill.has(w.id));
  assert.deepEqual(resent, [], 'nothing acknowledged before the kill was sent again');
  for (const [id, count] of receiver.acknowledged) {
    if (count === 1) continue;
    // What the service recorded of it says which way it went twice (a lease run out, a lost outcome).
    const attempts = await attemptsOfEvent(seed.deps.db, id);
    const times = receiver.received
      .filter((w) => w.id === id)
      .map((w) => new Date(w.receivedAt).toISOString());
    assert.fail(
      `event ${id} acknowledged ${count} times, received at ${times.join(', ')}; recorded attempts: ${JSON.stringify(attempts)}\nsecond process:\n${second.output()}`,
    );
  }
  assert.ok(
    receiver.received.every((w) => w.verified),
    'every request carried a valid signature',
  );
  for (const payment of payments) {
    // Per-resource order: each payment's events reached the receiver in the order they were recorded.
    const order = receiver.received
      .filter((w) => w.body.data.id === payment)
      .map((w) => w.body.data.invoiceRefNumber)
      .filter((step, i, all) => all.indexOf(step) === i);
    assert.deepEqual(order, STEPS, `order of payment ${payment}`);
  }

  const code = await second.kill('SIGTERM');
  assert.equal(code, 0, `graceful shutdown exits 0\n${second.output()}`);
});
