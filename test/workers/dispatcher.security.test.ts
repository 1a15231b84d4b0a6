// At send time, with private targets not allowed, the address actually connected to is checked:
// a stored URL that reaches loopback (by address or by a name) is refused, and never retried.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { newId } from '../../src/domain/ids.js';
import { drainOutbox } from '../../src/workers/dispatcher.js';
import { buildTestApp } from '../helpers/app.js';
import { attemptsOf, eventRow, integrationWithReceiver, recordPaymentEvent } from '../helpers/events.js';
import { tenant } from '../helpers/fixtures.js';
import { startWebhookReceiver } from '../helpers/webhook-receiver.js';

test('a webhook URL that now reaches a loopback address is refused when sending', async (t) => {
  const receiver = await startWebhookReceiver(t);
  const port = new URL(receiver.url).port;
  for (const host of ['127.0.0.1', 'localhost', '[::ffff:127.0.0.1]']) {
    const app = await buildTestApp(t, { ALLOW_PRIVATE_WEBHOOKS: 'false' });
    const { partner, company } = await tenant(app);
    // Created while the name looked public; it points at loopback now (DNS rebinding, or an old row).
    const integration = await integrationWithReceiver(app, partner, company.id, receiver, {
      webhookUrl: 'https://93.184.216.34/hook',
      isRetryWebhookEnabled: true,
    });
    await app.deps.db
      .updateTable('integrations')
      .set({ webhook_url: `http://${host}:${port}/hook` })
      .where('id', '=', integration.id)
      .execute();
    const id = await recordPaymentEvent(app, integration.id, newId(), 'paid');
    await drainOutbox(app.deps);
    app.clock.advance(3_600_000);
    await drainOutbox(app.deps);
    const attempts = await attemptsOf(app, id);
    assert.equal(attempts.length, 1, `${host}: one attempt, not retried`);
    assert.match(attempts[0]!.error ?? '', /not a public address/, host);
    assert.equal(attempts[0]!.statusCode, null);
    assert.equal((await eventRow(app, id)).state, 'failed');
  }
  assert.equal(receiver.received.length, 0, 'nothing reached the loopback receiver');
});
