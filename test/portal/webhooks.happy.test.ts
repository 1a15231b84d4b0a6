// Webhooks page (issue 16, item 3): the URL and its secret shown once, a signed test event, the
// delivery log with its filters, a delivery's attempts and payload, and redelivery.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { drainOutbox } from '../../src/workers/dispatcher.js';
import { buildTestApp } from '../helpers/app.js';
import { integrationWithReceiver, recordPaymentEvent } from '../helpers/events.js';
import { createCompany } from '../helpers/fixtures.js';
import { PASSWORD, partnerDelivery, signedInUser } from '../helpers/portal.js';
import { startWebhookReceiver } from '../helpers/webhook-receiver.js';

const secretOn = (html: string) =>
  /id="signing-secret" type="text" readonly value="(whsec_[^"]+)"/.exec(html)?.[1];

test('a new webhook URL gets a new secret, shown once; the test event arrives signed with it', async (t) => {
  const app = await buildTestApp(t);
  const { client } = await signedInUser(app, { role: 'developer' });
  const receiver = await startWebhookReceiver(t);
  const first = await client.submit('/portal/webhooks', '/portal/webhooks/url', {
    webhookUrl: receiver.urlFor('/one'),
  });
  assert.equal(first.statusCode, 200);
  const secret1 = secretOn(first.body);
  assert.ok(secret1);
  assert.equal(secretOn((await client.get('/portal/webhooks')).body), undefined, 'shown once');

  const second = await client.submit('/portal/webhooks', '/portal/webhooks/url', {
    webhookUrl: receiver.urlFor('/two'),
  });
  const secret2 = secretOn(second.body);
  assert.ok(secret2 && secret2 !== secret1);
  receiver.setSecret('/two', secret2);

  const sent = await client.submit('/portal/webhooks', '/portal/webhooks/test');
  assert.equal(sent.statusCode, 200);
  assert.match(sent.body, /Test event queued/);
  await drainOutbox(app.deps);
  assert.equal(receiver.received.length, 1);
  assert.equal(receiver.received[0]!.path, '/two');
  assert.equal(receiver.received[0]!.verified, true, 'signed with the new secret');
  assert.equal(receiver.received[0]!.body.eventName, 'webhook.test');

  const log = (await client.get('/portal/webhooks')).body;
  const id = receiver.received[0]!.id;
  assert.match(log, new RegExp(`data-delivery="${id}"[\\s\\S]*?class="status">delivered<`));
  const detail = (await client.get(`/portal/webhooks/deliveries/${id}`)).body;
  assert.match(detail, /id="delivery-status">delivered</);
  assert.match(detail, /<td>200<\/td>/);
  assert.match(detail, /[0-9]+ ms/);
  assert.match(detail, /&quot;eventName&quot;: &quot;webhook.test&quot;/);

  const cleared = await client.submit('/portal/webhooks', '/portal/webhooks/url', { webhookUrl: '' });
  assert.match(cleared.body, /Webhook URL removed/);
  assert.doesNotMatch(cleared.body, /Send test event/);
});

test('a failed delivery is shown with its error and redelivered with the same webhook-id', async (t) => {
  const app = await buildTestApp(t);
  const { client } = await signedInUser(app);
  const receiver = await startWebhookReceiver(t);
  const set = await client.submit('/portal/webhooks', '/portal/webhooks/url', {
    webhookUrl: receiver.urlFor('/hook'),
  });
  receiver.setSecret('/hook', secretOn(set.body)!);
  receiver.respond(() => 410);
  await client.submit('/portal/webhooks', '/portal/webhooks/test');
  await drainOutbox(app.deps);
  const id = receiver.received[0]!.id;
  const failed = (await client.get('/portal/webhooks?status=failed')).body;
  assert.match(failed, new RegExp(`data-delivery="${id}"`));
  assert.match(failed, /1 deliveries/);
  const detail = (await client.get(`/portal/webhooks/deliveries/${id}`)).body;
  assert.match(detail, /id="delivery-status">failed</);
  assert.match(detail, /<td>410<\/td>/);

  receiver.respond(() => 200);
  const again = await client.submit(
    `/portal/webhooks/deliveries/${id}`,
    `/portal/webhooks/deliveries/${id}/redeliver`,
  );
  assert.equal(again.location, `/portal/webhooks/deliveries/${id}`);
  const pending = await client.submit(`/portal/webhooks`, `/portal/webhooks/deliveries/${id}/redeliver`);
  assert.equal(pending.statusCode, 409, 'a pending delivery is already on its way');
  await drainOutbox(app.deps);
  assert.deepEqual(
    receiver.received.map((r) => [r.id, r.verified]),
    [
      [id, true],
      [id, true],
    ],
  );
  const after = (await client.get(`/portal/webhooks/deliveries/${id}`)).body;
  assert.match(after, /id="delivery-status">delivered</);
  assert.equal((after.match(/<td>(200|410)<\/td>/g) ?? []).length, 2, 'both attempts are listed');
});

test('the log filters by status, event, company and date', async (t) => {
  const app = await buildTestApp(t);
  const { client, partner } = await signedInUser(app);
  const receiver = await startWebhookReceiver(t);
  const company = await createCompany(app, partner);
  const otherCompany = await createCompany(app, partner, { name: 'Other Ltd' });
  const integration = await integrationWithReceiver(app, partner, company.id, receiver);
  await integrationWithReceiver(app, partner, otherCompany.id, receiver);
  const paymentEvent = await recordPaymentEvent(app, integration.id, 'aaaaaaaaaaaaaaaaaaaaaaaa', 'sent');
  const partnerEvent = await partnerDelivery(app, partner.id);
  const count = async (query: string) => {
    const res = await client.get(`/portal/webhooks?${query}`);
    assert.equal(res.statusCode, 200, query);
    return { n: Number(/(\d+) deliveries/.exec(res.body)?.[1]), body: res.body };
  };
  assert.equal((await count('')).n, 2);
  assert.equal((await count('status=failed')).n, 1);
  assert.match((await count('status=failed')).body, new RegExp(partnerEvent));
  assert.equal((await count('event=payment.status_updated')).n, 1);
  const byCompany = await count(`company=${company.id}`);
  assert.equal(byCompany.n, 1);
  assert.match(byCompany.body, new RegExp(paymentEvent));
  assert.equal((await count(`company=${otherCompany.id}`)).n, 0);
  const today = app.clock.now().toISOString().slice(0, 10);
  assert.equal((await count(`from=${today}&to=${today}`)).n, 2);
  assert.equal((await count('to=2020-01-01')).n, 0);
  assert.equal((await count('status=&event=&company=&from=&to=')).n, 2, 'an empty filter is no filter');
  for (const bad of ['status=lost', 'from=yesterday', 'company=123', 'event=nope', 'page=0']) {
    assert.equal((await client.get(`/portal/webhooks?${bad}`)).statusCode, 400, bad);
  }
});

test('the URL is checked like the API checks it (private addresses refused outside the sandbox); nothing changes', async (t) => {
  const app = await buildTestApp(t, { ALLOW_PRIVATE_WEBHOOKS: 'false' });
  const { client } = await signedInUser(app);
  for (const webhookUrl of [
    'ftp://x.example/hook',
    'not a url',
    'http://127.0.0.1:8080/hook',
    'http://169.254.169.254/',
  ]) {
    const res = await client.submit('/portal/webhooks', '/portal/webhooks/url', { webhookUrl });
    assert.equal(res.statusCode, 400, webhookUrl);
    assert.match(res.body, /The webhook URL must/);
  }
  const partner = await app.deps.db
    .selectFrom('partners')
    .select(['webhook_url', 'webhook_secret'])
    .executeTakeFirstOrThrow();
  assert.deepEqual(partner, { webhook_url: null, webhook_secret: null });
  const test = await client.submit('/portal/webhooks', '/portal/webhooks/test');
  assert.equal(test.statusCode, 409, 'no URL, no test event');
});

test("another partner's delivery is not found and cannot be redelivered", async (t) => {
  const app = await buildTestApp(t);
  const mine = await signedInUser(app);
  const theirs = await signedInUser(app, { email: 'them@other.example' });
  const id = await partnerDelivery(app, mine.partner.id);
  assert.equal((await theirs.client.get(`/portal/webhooks/deliveries/${id}`)).statusCode, 404);
  const res = await theirs.client.submit('/portal/webhooks', `/portal/webhooks/deliveries/${id}/redeliver`);
  assert.equal(res.statusCode, 404);
  assert.doesNotMatch((await theirs.client.get('/portal/webhooks')).body, new RegExp(id));
  const row = await app.deps.db
    .selectFrom('events')
    .select('state')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  assert.equal(row.state, 'failed');
});

test('rotating the signing secret shows the new one once; webhooks carry both for a day', async (t) => {
  const app = await buildTestApp(t);
  const { client, email } = await signedInUser(app, { role: 'developer' });
  const receiver = await startWebhookReceiver(t);
  const none = await client.submit('/portal/webhooks', '/portal/webhooks/secret');
  assert.equal(none.statusCode, 409, 'no URL, nothing to rotate');
  const set = await client.submit('/portal/webhooks', '/portal/webhooks/url', {
    webhookUrl: receiver.urlFor('/old'),
  });
  const oldSecret = secretOn(set.body)!;
  assert.match((await client.get('/portal/webhooks')).body, /Rotate signing secret/);
  const rotated = await client.submit('/portal/webhooks', '/portal/webhooks/secret');
  assert.equal(rotated.statusCode, 200);
  const newSecret = secretOn(rotated.body);
  assert.ok(newSecret && newSecret !== oldSecret);
  assert.equal(secretOn((await client.get('/portal/webhooks')).body), undefined, 'shown once');
  const stored = await app.deps.db.selectFrom('partners').select('webhook_secret').executeTakeFirstOrThrow();
  assert.ok(!String(stored.webhook_secret).includes(newSecret.slice(6)), 'not stored in clear');

  receiver.setSecret('/old', newSecret);
  await client.submit('/portal/webhooks', '/portal/webhooks/test');
  receiver.setSecret('/old', oldSecret);
  await client.submit('/portal/webhooks', '/portal/webhooks/test');
  await drainOutbox(app.deps);
  assert.deepEqual(
    receiver.received.map((r) => r.verified),
    [true, true],
    'signed with the new secret, and with the old one during the overlap',
  );
  app.clock.advance(25 * 3_600_000);
  await client.submit('/portal/login', '/portal/login', { email, password: PASSWORD });
  await client.submit('/portal/webhooks', '/portal/webhooks/test');
  await drainOutbox(app.deps);
  assert.equal(receiver.received[2]?.verified, false, 'the old secret no longer signs after a day');
  assert.match((await client.get('/portal/audit')).body, /webhook secret rotated/);
});
