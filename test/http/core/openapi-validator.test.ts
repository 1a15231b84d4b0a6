// The validating helper itself (test/helpers/openapi-validator.ts): it must see each kind of disagreement
// between a server and its document, or the suite's 0 mismatches would prove nothing.
import assert from 'node:assert/strict';
import { type TestContext, test } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { newId } from '../../../src/domain/ids.js';
import { serverWithDocument } from '../../helpers/disagreeing-server.js';
import { companyVerificationPayload } from '../../helpers/events.js';
import { validateAgainstOpenApi } from '../../helpers/openapi-validator.js';
import { sharedDatabase, startServiceProcess } from '../../helpers/service-process.js';
import { startWebhookReceiver } from '../../helpers/webhook-receiver.js';

test('each kind of disagreement is a mismatch; agreeing exchanges are not', async () => {
  // Its mismatches are made on purpose: kept out of a run's collected log.
  delete process.env.OPENAPI_MISMATCH_LOG;
  const app = await serverWithDocument();
  const afters: Array<() => void> = [];
  const t = { after: (fn: () => void) => afters.push(fn) } as unknown as Parameters<
    typeof validateAgainstOpenApi
  >[0];
  const check = validateAgainstOpenApi(t, app, [{ method: 'GET', url: '/things' }]);
  await app.ready();

  await app.inject({ method: 'GET', url: '/things' });
  await app.inject({ method: 'POST', url: '/strict', payload: { n: 1 } });
  await app.inject({ method: 'POST', url: '/strict', payload: { n: 'x' } });
  assert.deepEqual(check.mismatches, [], 'valid exchanges, and a bad body refused, agree with the document');

  await app.inject({ method: 'GET', url: '/liar' });
  await app.inject({ method: 'GET', url: '/teapot' });
  await app.inject({ method: 'POST', url: '/lenient', payload: { n: 'x' } });
  await app.inject({ method: 'GET', url: '/counted' });
  await app.inject({ method: 'POST', url: '/picky', payload: { n: 'x' } });
  await app.close();
  assert.equal(check.checked, 8);
  assert.equal(check.mismatches.length, 6, check.mismatches.join('\n'));
  assert.match(check.mismatches[0] ?? '', /GET \/liar -> 200: status 200: body .*must be integer/);
  assert.match(check.mismatches[1] ?? '', /GET \/teapot -> 418: status 418 is not documented/);
  assert.match(check.mismatches[2] ?? '', /POST \/lenient -> 200: the document refuses this request/);
  assert.match(check.mismatches[3] ?? '', /GET \/counted -> 200: .*x-total-count is sent but not documented/);
  assert.match(check.mismatches[4] ?? '', /POST \/picky -> 400: status 400 is not documented/);
  assert.match(
    check.mismatches[5] ?? '',
    /POST \/picky -> 400: the server's schema refused a request the document allows/,
  );
  assert.throws(() => {
    for (const after of afters) after();
  }, /off the OpenAPI document/);
});

test('a service process a test starts is checked in the process, and its mismatches reach the test', async (t) => {
  const db = await sharedDatabase(t);
  const paybank = await startServiceProcess(t, db, { SANDBOX: 'true' });
  assert.equal((await fetch(`${paybank.baseUrl}/merchant/v1/payments`)).status, 401);
  assert.equal((await fetch(`${paybank.baseUrl}/health/ready`)).status, 200);
  // The counts are written after each answer is sent.
  for (let i = 0; i < 50 && paybank.openApi().checked < 2; i++) await new Promise((r) => setTimeout(r, 20));
  assert.ok(paybank.openApi().checked >= 2, 'the exchanges were checked');
  assert.deepEqual(paybank.openApi().mismatches, []);

  delete process.env.OPENAPI_MISMATCH_LOG;
  const liar = await startServiceProcess(t, db, {}, [
    '--import',
    'tsx',
    'test/helpers/disagreeing-server.ts',
  ]);
  liar.expectOpenApiMismatches();
  await fetch(`${liar.baseUrl}/things`);
  await fetch(`${liar.baseUrl}/liar`);
  await fetch(`${liar.baseUrl}/lenient`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ n: 'x' }),
  });
  for (let i = 0; i < 50 && liar.openApi().mismatches.length < 2; i++)
    await new Promise((r) => setTimeout(r, 20));
  const { mismatches } = liar.openApi();
  assert.equal(mismatches.length, 2, mismatches.join('\n'));
  assert.match(mismatches[0] ?? '', /GET \/liar -> 200: status 200: body .*must be integer/);
  assert.match(mismatches[1] ?? '', /POST \/lenient -> 200: the document refuses this request/);
});

test("a webhook off the document's `webhooks` fails the test that received it", async () => {
  const afters: Array<() => Promise<void> | void> = [];
  const t = { after: (fn: () => Promise<void> | void) => afters.push(fn) } as unknown as TestContext;
  const receiver = await startWebhookReceiver(t);
  const secret = `whsec_${Buffer.alloc(24, 9).toString('base64')}`;
  receiver.setSecret('/hook', secret);
  const send = async (payload: object) => {
    const body = JSON.stringify(payload);
    const at = new Date();
    const signature = new Webhook(secret).sign('msg_1', at, body);
    const headers = {
      'content-type': 'application/json',
      'webhook-id': 'msg_1',
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': signature,
    };
    assert.equal((await fetch(receiver.url, { method: 'POST', headers, body })).status, 200);
  };
  await send(companyVerificationPayload(newId()));
  assert.deepEqual(receiver.mismatches, [], 'a payload as documented');
  await send({ ...companyVerificationPayload(newId()), status: 'sleepy' });
  await send({
    eventName: 'payment.status_updated',
    eventId: newId(),
    createdAt: new Date().toISOString(),
    data: {},
  });
  await send({ eventName: 'no.such_event' });
  assert.equal(receiver.mismatches.length, 3, receiver.mismatches.join('\n'));
  assert.match(receiver.mismatches[0] ?? '', /company_verification_status_update payload: .*status/);
  assert.match(receiver.mismatches[1] ?? '', /payment.status_updated payload: .*required/);
  assert.match(receiver.mismatches[2] ?? '', /"no.such_event" is not in the document's webhooks/);
  await assert.rejects(async () => {
    for (const after of afters) await after();
  }, /webhooks off the OpenAPI document/);
});
