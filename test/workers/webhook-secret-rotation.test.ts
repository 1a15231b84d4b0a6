// A changed webhook secret keeps signing beside the new one for 24 hours (issue 12 item 7): Standard
// Webhooks carries several signatures, so a receiver still on the old secret loses no event meanwhile.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type TestContext, test } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { recordEvent } from '../../src/domain/events/outbox.js';
import { newId } from '../../src/domain/ids.js';
import { drainOutbox } from '../../src/workers/dispatcher.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { paymentData, paymentEventPayload } from '../helpers/events.js';
import { createIntegration, integrationBody, tenant } from '../helpers/fixtures.js';

const HOUR = 3_600_000;

interface Raw {
  path: string;
  body: string;
  headers: Record<string, string>;
}

/** A receiver that keeps each request as it came, to check its signatures with any secret. */
async function rawReceiver(t: TestContext) {
  const received: Raw[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        path: request.url ?? '/',
        body: Buffer.concat(chunks).toString('utf8'),
        headers: {
          'webhook-id': String(request.headers['webhook-id']),
          'webhook-timestamp': String(request.headers['webhook-timestamp']),
          'webhook-signature': String(request.headers['webhook-signature']),
        },
      });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { received, url: (path: string) => `${base}${path}` };
}

function verifies(secret: string, webhook: Raw): boolean {
  try {
    new Webhook(secret).verify(webhook.body, webhook.headers);
    return true;
  } catch {
    return false;
  }
}

/** Records one webhook for the destination, delivers it, and answers the request received. */
async function deliverOne(
  app: TestApp,
  receiver: Awaited<ReturnType<typeof rawReceiver>>,
  destination: { kind: 'integration'; integrationId: string } | { kind: 'partner'; partnerId: string },
): Promise<Raw> {
  const before = receiver.received.length;
  const id = newId();
  await recordEvent(app.deps.db, app.deps.clock.now(), {
    destination,
    eventName: 'payment.status_updated',
    resourceType: 'payment',
    resourceId: newId(),
    payload: paymentEventPayload(id, app.deps.clock.now(), paymentData(newId(), 'paid')),
  });
  await drainOutbox(app.deps);
  assert.equal(receiver.received.length, before + 1, 'one delivery');
  return receiver.received[before] as Raw;
}

function assertSignedBy(webhook: Raw, valid: string[], invalid: string[]) {
  const header = webhook.headers['webhook-signature'] ?? '';
  const signatures = header.split(' ');
  assert.equal(signatures.length, valid.length, header);
  for (const signature of signatures) assert.match(signature, /^v1,[A-Za-z0-9+/]+=*$/);
  for (const secret of valid) assert.equal(verifies(secret, webhook), true, 'verifies with a valid secret');
  for (const secret of invalid) assert.equal(verifies(secret, webhook), false, 'an expired secret verifies');
}

test('an integration whose webhook secret changed signs with both for 24 h, then only the new', async (t) => {
  const app = await buildTestApp(t);
  const receiver = await rawReceiver(t);
  const { partner, company } = await tenant(app);
  const integration = await createIntegration(app, partner, company.id, { webhookUrl: receiver.url('/a') });
  const destination = { kind: 'integration' as const, integrationId: integration.id };
  assertSignedBy(await deliverOne(app, receiver, destination), [integration.webhookSecret], []);

  const edited = await app.call({
    method: 'PUT',
    url: `/terminal/v1/companies/${company.id}/integrations/${integration.id}`,
    headers: partner.terminalHeaders,
    payload: integrationBody({ webhookUrl: receiver.url('/b') }),
  });
  assert.equal(edited.statusCode, 200, edited.body);
  const newSecret = edited.json().webhookSecret as string;
  assert.match(newSecret, /^whsec_/);

  const during = await deliverOne(app, receiver, destination);
  assert.equal(during.path, '/b');
  assertSignedBy(during, [newSecret, integration.webhookSecret], []);
  app.clock.advance(23 * HOUR);
  assertSignedBy(await deliverOne(app, receiver, destination), [newSecret, integration.webhookSecret], []);

  app.clock.advance(HOUR + 1000);
  assertSignedBy(await deliverOne(app, receiver, destination), [newSecret], [integration.webhookSecret]);
});

test("a partner's changed webhook secret overlaps likewise; clearing the URL drops both", async (t) => {
  const app = await buildTestApp(t);
  const receiver = await rawReceiver(t);
  const { partner } = await tenant(app);
  const put = async (webhookUrl: string | null) => {
    const res = await app.call({
      method: 'PUT',
      url: '/partner/v1/settings',
      headers: partner.partnerHeaders,
      payload: { webhookUrl },
    });
    assert.equal(res.statusCode, 200, res.body);
    return res.json().data.webhookSecret as string;
  };
  const destination = { kind: 'partner' as const, partnerId: partner.id };
  const first = await put(receiver.url('/p1'));
  const second = await put(receiver.url('/p2'));
  assertSignedBy(await deliverOne(app, receiver, destination), [second, first], []);
  // A second change within the day: the secret it replaces is the one that keeps signing.
  const third = await put(receiver.url('/p3'));
  assertSignedBy(await deliverOne(app, receiver, destination), [third, second], [first]);
  app.clock.advance(24 * HOUR + 1000);
  assertSignedBy(await deliverOne(app, receiver, destination), [third], [second]);

  await put(null);
  const fourth = await put(receiver.url('/p4'));
  assertSignedBy(await deliverOne(app, receiver, destination), [fourth], [third]);
});

test('rotating a webhook secret without changing the URL: answered once, both sign for 24 h', async (t) => {
  const app = await buildTestApp(t);
  const receiver = await rawReceiver(t);
  const { partner, company } = await tenant(app);
  const integration = await createIntegration(app, partner, company.id, { webhookUrl: receiver.url('/i') });
  const rotated = await app.call({
    method: 'POST',
    url: `/terminal/v1/companies/${company.id}/integrations/${integration.id}/webhook-secret`,
    headers: partner.terminalHeaders,
  });
  assert.equal(rotated.statusCode, 200, rotated.body);
  const fresh = rotated.json().data.webhookSecret as string;
  assert.match(fresh, /^whsec_[A-Za-z0-9+/]{32}$/);
  const destination = { kind: 'integration' as const, integrationId: integration.id };
  assertSignedBy(await deliverOne(app, receiver, destination), [fresh, integration.webhookSecret], []);
  app.clock.advance(24 * HOUR + 1000);
  assertSignedBy(await deliverOne(app, receiver, destination), [fresh], [integration.webhookSecret]);

  const other = await tenant(app, 'Other partner');
  const foreign = await app.call({
    method: 'POST',
    url: `/terminal/v1/companies/${company.id}/integrations/${integration.id}/webhook-secret`,
    headers: other.partner.terminalHeaders,
  });
  assert.equal(foreign.statusCode, 403, 'another partner cannot rotate it');

  const settingsUrl = '/partner/v1/settings/webhook-secret';
  const none = await app.call({ method: 'POST', url: settingsUrl, headers: partner.partnerHeaders });
  assert.equal(none.statusCode, 409, 'no webhook URL yet');
  assert.equal(none.json().code, 'invalid_state');
  const set = await app.call({
    method: 'PUT',
    url: '/partner/v1/settings',
    headers: partner.partnerHeaders,
    payload: { webhookUrl: receiver.url('/partner') },
  });
  const first = set.json().data.webhookSecret as string;
  const again = await app.call({ method: 'POST', url: settingsUrl, headers: partner.partnerHeaders });
  assert.equal(again.statusCode, 200, again.body);
  const second = again.json().data.webhookSecret as string;
  const partnerDestination = { kind: 'partner' as const, partnerId: partner.id };
  assertSignedBy(await deliverOne(app, receiver, partnerDestination), [second, first], []);
});
