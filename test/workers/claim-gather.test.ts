// Events that come in one after another are claimed a batch at a time, not each in a claim of its own:
// after a claim that took fewer events than it could, the dispatcher waits CLAIM_GATHER_MS (25 ms)
// before the next (src/workers/dispatcher.ts). A claim is a transaction and a walk past every event in
// flight, whatever it takes.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { newId } from '../../src/domain/ids.js';
import { startDispatcher } from '../../src/workers/dispatcher.js';
import { buildTestApp } from '../helpers/app.js';
import { ClaimWatcher } from '../helpers/claims.js';
import { integrationWithReceiver, recordPaymentEvent } from '../helpers/events.js';
import { tenant } from '../helpers/fixtures.js';
import { eventually } from '../helpers/service-process.js';
import { startWebhookReceiver } from '../helpers/webhook-receiver.js';

test('events coming in one after another are claimed together, a claim at most every 25 ms', async (t) => {
  const app = await buildTestApp(t);
  const receiver = await startWebhookReceiver(t);
  const { partner, company } = await tenant(app);
  const integration = await integrationWithReceiver(app, partner, company.id, receiver);
  const claims = new ClaimWatcher();
  // Polls every 2 ms: without the wait, each event or two would have a claim of its own.
  const dispatcher = startDispatcher({ ...app.deps, db: app.deps.db.withPlugin(claims) }, { pollMs: 2 });
  const ids: string[] = [];
  try {
    for (let i = 0; i < 40; i++) {
      ids.push(await recordPaymentEvent(app, integration.id, newId(), 'sent'));
      await sleep(2);
    }
    await eventually(async () => ids.every((id) => receiver.acknowledged.has(id)), 10_000, 'all delivered');
  } finally {
    await dispatcher.stop();
  }
  const times = claims.claims.map((claim) => claim.at);
  const gaps = times.slice(1).map((at, i) => at - (times[i] ?? 0));
  assert.ok(times.length > 1, 'the events were claimed over several claims');
  // 20, not 25: a timer's 25 ms are counted from the loop's cached time, which can lag the clock read here.
  assert.ok(
    Math.min(...gaps) >= 20,
    `${times.length} claims for ${ids.length} events, ${gaps.map(Math.round).join(', ')} ms apart`,
  );
});
