// The dispatcher's slots by default: 512 deliveries in flight (a delivery holds its slot from its claim
// until its outcome is recorded), taken by claims of at most 256 events, each claim one write.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { SendWebhook } from '../../src/domain/events/deliver.js';
import type { AttemptResult } from '../../src/domain/events/send-webhook.js';
import { newId } from '../../src/domain/ids.js';
import { startDispatcher } from '../../src/workers/dispatcher.js';
import { buildTestApp } from '../helpers/app.js';
import { ClaimWatcher } from '../helpers/claims.js';
import { integrationWithReceiver, recordPaymentEvent } from '../helpers/events.js';
import { tenant } from '../helpers/fixtures.js';
import { eventually } from '../helpers/service-process.js';
import { startWebhookReceiver } from '../helpers/webhook-receiver.js';

const EVENTS = 600;

test('512 deliveries in flight by default, claimed at most 256 at a time; the rest wait for a free slot', async (t) => {
  const app = await buildTestApp(t);
  const receiver = await startWebhookReceiver(t);
  const { partner, company } = await tenant(app);
  const integration = await integrationWithReceiver(app, partner, company.id, receiver);
  for (let i = 0; i < EVENTS; i++) await recordPaymentEvent(app, integration.id, newId(), 'sent');

  // Every send is held until released: the slots stay taken.
  const held: Array<() => void> = [];
  const delivered: AttemptResult = { statusCode: 200, latencyMs: 1, error: null, verdict: 'delivered' };
  // Once the test ends, nothing is held: a send made then must not keep stop() waiting for ever.
  let releasing = false;
  const send: SendWebhook = () =>
    releasing ? Promise.resolve(delivered) : new Promise((resolve) => held.push(() => resolve(delivered)));
  const claims = new ClaimWatcher();
  const dispatcher = startDispatcher(
    { ...app.deps, db: app.deps.db.withPlugin(claims) },
    { pollMs: 10, send },
  );
  try {
    await eventually(async () => held.length === 512, 10_000, '512 sends in flight');
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.equal(held.length, 512, 'no more while every slot is taken');
    assert.ok(
      claims.sizes.every((n) => n <= 256),
      `claims of ${claims.sizes.join(', ')}`,
    );
    assert.equal(
      claims.sizes.reduce((a, b) => a + b, 0),
      512,
    );

    for (const release of held.splice(0)) release();
    await eventually(
      async () => {
        for (const release of held.splice(0)) release();
        const { n } = await app.deps.db
          .selectFrom('events')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('state', '=', 'delivered')
          .executeTakeFirstOrThrow();
        return Number(n) === EVENTS;
      },
      10_000,
      'every event delivered once its slot came',
    );
    assert.equal(
      claims.sizes.reduce((a, b) => a + b, 0),
      EVENTS,
      'each event claimed once',
    );
  } finally {
    releasing = true;
    for (const release of held.splice(0)) release();
    await dispatcher.stop();
  }
});
