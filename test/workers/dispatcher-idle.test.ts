// An idle dispatcher reads, it does not write: each poll asks what is due (one read), and claims (a
// write, which on SQLite takes the one write lock the API's requests share) only when something is. An
// event behind a pending one of its resource is not due, to the read as to the claim.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { KyselyPlugin, RootOperationNode } from 'kysely';
import { newId } from '../../src/domain/ids.js';
import { startDispatcher } from '../../src/workers/dispatcher.js';
import { buildTestApp } from '../helpers/app.js';
import { eventRow, integrationWithReceiver, recordPaymentEvent } from '../helpers/events.js';
import { tenant } from '../helpers/fixtures.js';
import { eventually } from '../helpers/service-process.js';
import { startWebhookReceiver } from '../helpers/webhook-receiver.js';

/** Counts the write statements run through the database it is plugged into. */
class WriteCounter implements KyselyPlugin {
  writes = 0;

  transformQuery({ node }: { node: RootOperationNode }): RootOperationNode {
    if (
      node.kind === 'UpdateQueryNode' ||
      node.kind === 'InsertQueryNode' ||
      node.kind === 'DeleteQueryNode'
    ) {
      this.writes++;
    }
    return node;
  }

  async transformResult<R>({ result }: { result: R }): Promise<R> {
    return result;
  }
}

test('an idle dispatcher polls without writing, and claims as soon as an event is due', async (t) => {
  const app = await buildTestApp(t);
  const receiver = await startWebhookReceiver(t);
  const { partner, company } = await tenant(app);
  const integration = await integrationWithReceiver(app, partner, company.id, receiver);
  const counter = new WriteCounter();
  const dispatcher = startDispatcher({ ...app.deps, db: app.deps.db.withPlugin(counter) }, { pollMs: 10 });
  try {
    // About 30 polls with nothing due.
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(counter.writes, 0, 'no claim, nor any other write, while nothing is due');
    const id = await recordPaymentEvent(app, integration.id, newId(), 'sent');
    await eventually(async () => receiver.acknowledged.has(id), 10_000, 'the event delivered');
    assert.ok(counter.writes >= 1, 'claimed');
  } finally {
    await dispatcher.stop();
  }
});

test('an event behind a pending one of its resource is not due: no poll claims it, nor writes for it while nothing is held', async (t) => {
  const app = await buildTestApp(t);
  const receiver = await startWebhookReceiver(t);
  const { partner, company } = await tenant(app);
  const integration = await integrationWithReceiver(app, partner, company.id, receiver, {
    isRetryWebhookEnabled: true,
  });
  const down = await integrationWithReceiver(app, partner, company.id, receiver);
  const downPath = down.webhookPath;
  const paymentId = newId();
  let first = '';
  // The payment's first event fails once and waits for its retry (30 s on); the down receiver fails all.
  receiver.respond((webhook, attempt) =>
    webhook.path === downPath || (webhook.id === first && attempt === 1) ? 503 : 200,
  );
  const counter = new WriteCounter();
  const dispatcher = startDispatcher(
    { ...app.deps, db: app.deps.db.withPlugin(counter) },
    { concurrency: 4, pollMs: 10, circuits: { threshold: 3, baseOpenMs: 600_000 } },
  );
  const settled = async (id: string, attempts: number) => {
    const row = await eventRow(app, id);
    return row.attempts === attempts && row.lease_owner === null;
  };
  const sent = (id: string) => receiver.received.some((webhook) => webhook.id === id);
  try {
    first = await recordPaymentEvent(app, integration.id, paymentId, 'sent');
    await eventually(() => settled(first, 1), 10_000, 'the first attempt failed, and written');
    counter.writes = 0;
    const second = await recordPaymentEvent(app, integration.id, paymentId, 'paid');
    // Nothing held: each poll reads first (about 30 polls), and finds nothing due.
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(counter.writes, 0, 'the read finds it not due: no claim, nor any other write');
    assert.ok(!sent(second), 'not sent before the first');

    // A receiver held back: each poll claims without reading first (a write at least).
    const failing: string[] = [];
    for (let i = 0; i < 3; i++) failing.push(await recordPaymentEvent(app, down.id, newId(), 'sent'));
    for (const id of failing) await eventually(() => settled(id, 1), 10_000, 'three failures: held back');
    const writes = counter.writes;
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.ok(counter.writes > writes, 'polls claim directly while a receiver is held back');
    assert.ok(!sent(second), 'the claim finds it not due either');

    // The first's retry is due: it goes, then the second.
    app.clock.advance(30_000);
    await eventually(async () => receiver.acknowledged.has(second), 10_000, 'the second delivered');
    const order = receiver.received
      .filter((webhook) => webhook.id === first || webhook.id === second)
      .map((webhook) => (webhook.id === first ? 'first' : 'second'));
    assert.deepEqual(order, ['first', 'first', 'second']);
  } finally {
    await dispatcher.stop();
  }
});
