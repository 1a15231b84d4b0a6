// An idle dispatcher reads, it does not write: each poll asks what is due (one read), and claims (a
// write, which on SQLite takes the one write lock the API's requests share) only when something is.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { KyselyPlugin, RootOperationNode } from 'kysely';
import { newId } from '../../src/domain/ids.js';
import { startDispatcher } from '../../src/workers/dispatcher.js';
import { buildTestApp } from '../helpers/app.js';
import { integrationWithReceiver, recordPaymentEvent } from '../helpers/events.js';
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
