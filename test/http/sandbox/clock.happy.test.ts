import assert from 'node:assert/strict';
import { test } from 'node:test';
import { OffsetClock } from '../../../src/domain/clock.js';
import { newId } from '../../../src/domain/ids.js';
import { buildApp } from '../../../src/server.js';
import { drainOutbox } from '../../../src/workers/dispatcher.js';
import { buildTestApp } from '../../helpers/app.js';
import { integrationWithReceiver, recordPaymentEvent } from '../../helpers/events.js';
import { tenant } from '../../helpers/fixtures.js';
import { startWebhookReceiver } from '../../helpers/webhook-receiver.js';

test('the clock answers now, and advance moves it forward by days, hours and seconds', async (t) => {
  const app = await buildTestApp(t);
  const before = await app.call({ method: 'GET', url: '/sandbox/v1/clock' });
  assert.equal(before.statusCode, 200);
  const start = Date.parse(before.json().now);
  assert.ok(Math.abs(start - Date.now()) < 5000);
  const moved = await app.call({
    method: 'POST',
    url: '/sandbox/v1/clock/advance',
    payload: { days: 2, hours: 3, seconds: 4 },
  });
  assert.equal(moved.statusCode, 200, moved.body);
  const expected = start + ((2 * 24 + 3) * 3600 + 4) * 1000;
  assert.ok(Math.abs(Date.parse(moved.json().now) - expected) < 5000);
  assert.ok(Math.abs(app.clock.now().getTime() - expected) < 5000, 'the service clock moved');
  const after = await app.call({ method: 'GET', url: '/sandbox/v1/clock' });
  assert.ok(Date.parse(after.json().now) >= Date.parse(moved.json().now));
});

test('advance runs the due jobs, then delivers what became due, before it answers', async (t) => {
  const app = await buildTestApp(t);
  const receiver = await startWebhookReceiver(t);
  const { partner, company } = await tenant(app);
  const integration = await integrationWithReceiver(app, partner, company.id, receiver, {
    isRetryWebhookEnabled: true,
  });
  receiver.respond((_w, attempt) => (attempt === 1 ? 500 : 200));
  await recordPaymentEvent(app, integration.id, newId(), 'paid');
  await drainOutbox(app.deps);
  assert.equal(receiver.received.length, 1);

  const res = await app.call({ method: 'POST', url: '/sandbox/v1/clock/advance', payload: { days: 1 } });
  assert.equal(res.statusCode, 200);
  assert.equal(receiver.received.length, 2, 'the retry went out before the answer');
  const runs = await app.deps.db
    .selectFrom('job_runs')
    .select(['job_name', 'due_at'])
    .where('job_name', '=', 'outbox-retention')
    .execute();
  const today = new Date(Math.floor(Date.parse(res.json().now) / 86_400_000) * 86_400_000).toISOString();
  assert.ok(
    runs.some((run) => run.due_at === today),
    'the daily job ran for the new day',
  );
});

test('the offset is stored: an app started again on the same database keeps the moved time', async (t) => {
  const app = await buildTestApp(t);
  await app.call({ method: 'POST', url: '/sandbox/v1/clock/advance', payload: { days: 30 } });
  const restarted = await buildApp({ config: app.config, store: app.deps.store, migrate: false });
  t.after(() => restarted.app.close());
  assert.ok(restarted.deps.clock instanceof OffsetClock);
  const expected = Date.now() + 30 * 86_400_000;
  assert.ok(Math.abs(restarted.deps.clock.now().getTime() - expected) < 5000);
});
