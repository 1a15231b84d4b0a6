// Stopping the workers lets in-flight deliveries finish and be recorded, and leaves no claim behind.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { newId } from '../../src/domain/ids.js';
import { drainOutbox } from '../../src/workers/dispatcher.js';
import { startWorkers } from '../../src/workers/start-workers.js';
import { buildTestApp } from '../helpers/app.js';
import { integrationWithReceiver, recordPaymentEvent } from '../helpers/events.js';
import { tenant } from '../helpers/fixtures.js';
import { startWebhookReceiver } from '../helpers/webhook-receiver.js';

test('stop: in-flight deliveries finish and are recorded; nothing stays claimed', async (t) => {
  const app = await buildTestApp(t);
  const receiver = await startWebhookReceiver(t);
  const { partner, company } = await tenant(app);
  const integration = await integrationWithReceiver(app, partner, company.id, receiver);
  const ids: string[] = [];
  for (let i = 0; i < 20; i++) ids.push(await recordPaymentEvent(app, integration.id, newId(), 'paid'));
  let arrived: () => void = () => {};
  const firstArrived = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  receiver.respond(async () => {
    arrived();
    await new Promise((resolve) => setTimeout(resolve, 300));
    return 200;
  });

  const stop = startWorkers(app.deps, {
    dispatcher: { concurrency: 5, pollMs: 20 },
    scheduler: { jobs: [] },
  });
  await firstArrived;
  await stop();

  const rows = await app.deps.db.selectFrom('events').select(['id', 'state', 'lease_owner']).execute();
  assert.ok(
    rows.every((row) => row.lease_owner === null),
    'no claim left behind',
  );
  const delivered = rows.filter((row) => row.state === 'delivered').map((row) => row.id);
  assert.ok(delivered.length >= 5 && delivered.length < 20, `${delivered.length} delivered before the stop`);
  assert.deepEqual(
    [...receiver.acknowledged.keys()].sort(),
    [...delivered].sort(),
    'every request that was in flight finished and was recorded',
  );
  const afterStop = receiver.received.length;
  await new Promise((resolve) => setTimeout(resolve, 100));
  assert.equal(receiver.received.length, afterStop, 'nothing is sent after the stop');

  // Another process (here: a drain) takes the rest at once: nothing waits for a lease to expire.
  receiver.respond(() => 200);
  await drainOutbox(app.deps);
  assert.equal(receiver.acknowledged.size, 20);
  assert.ok([...receiver.acknowledged.values()].every((count) => count === 1));
});

test('the worker loop delivers events as they are recorded', async (t) => {
  const app = await buildTestApp(t);
  const receiver = await startWebhookReceiver(t);
  const { partner, company } = await tenant(app);
  const integration = await integrationWithReceiver(app, partner, company.id, receiver);
  const stop = startWorkers(app.deps, { dispatcher: { pollMs: 20 }, scheduler: { jobs: [] } });
  try {
    for (let i = 0; i < 10; i++) await recordPaymentEvent(app, integration.id, newId(), 'paid');
    await receiver.waitForAcknowledged(10, 15_000);
    assert.ok(receiver.received.every((w) => w.verified));
  } finally {
    // Before the app (and its database) closes.
    await stop();
  }
});
