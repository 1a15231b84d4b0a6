// `npm start` runs what scripts/build.mjs makes of src/: one bundled file, with the page templates
// copied beside it and some packages loaded from node_modules on first use. The built service starts,
// takes a payment through the sandbox bank (the bank adapter's HTTP, QR images, e-mail, recurring
// schedules all load in the bundle), and stops cleanly on SIGTERM.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import { newWebhookSecret } from '../src/domain/secrets.js';
import type { FromSender, ToSender } from '../src/workers/sender-messages.js';
import { merchant, paymentBody } from './helpers/merchant.js';
import { http, payAtSandbox, tokenOf } from './helpers/payment-flow.js';
import { recurringBody } from './helpers/recurring.js';
import { eventually, seedApp, sharedDatabase, startServiceProcess } from './helpers/service-process.js';
import { startWebhookReceiver } from './helpers/webhook-receiver.js';

test('the built service (npm start) takes a payment end to end and stops on SIGTERM', async (t) => {
  await promisify(execFile)(process.execPath, ['scripts/build.mjs']);
  const db = await sharedDatabase(t);
  const m = await merchant(await seedApp(t, db));
  // As package.json's start script runs it (source maps are opt-in, the young generation sized: README).
  const service = await startServiceProcess(t, db, { SANDBOX: 'true' }, [
    '--max-semi-space-size=4',
    'dist/main.js',
  ]);

  const spec = await http(service, 'GET', '/openapi.json');
  assert.equal(spec.json().openapi, '3.1.0');
  const created = await http(service, 'POST', '/merchant/v1/payments/process', {
    headers: m.headers,
    body: paymentBody(),
  });
  assert.equal(created.status, 200, created.text);
  const { id, link } = created.json().result;

  const page = await http(service, 'GET', link);
  assert.equal(page.status, 200);
  assert.match(page.text, /<title>[^<]*<\/title>/);
  const qr = await fetch(`${service.baseUrl}/public/v1/qr/${tokenOf(link)}.png`);
  assert.equal(qr.headers.get('content-type'), 'image/png');

  const back = await payAtSandbox(service, 'payment', link);
  assert.ok(back.status >= 300 && back.status < 400, `redirected back to the shop: ${back.status}`);
  const status = async () =>
    (await http(service, 'GET', `/merchant/v1/payments/${id}`, { headers: m.headers })).json().result.status;
  await eventually(async () => (await status()) === 'paid', 20_000, 'the payment paid');

  const recurring = await http(service, 'POST', '/merchant/v1/recurring-payments', {
    headers: m.headers,
    body: recurringBody(),
  });
  assert.equal(recurring.status, 201, recurring.text);
  const mail = path.join(db.dataDir, 'mail');
  await eventually(
    async () => (await readdir(mail).catch(() => [])).some((f) => f.endsWith('.eml')),
    20_000,
    "the customer's e-mail written",
  );

  assert.equal(await service.kill('SIGTERM'), 0, service.output());
});

test('the built webhook sender thread (dist/sender-thread.js, beside main.js) signs, sends and closes', async (t) => {
  await promisify(execFile)(process.execPath, ['scripts/build.mjs']);
  const receiver = await startWebhookReceiver(t);
  receiver.expectMismatches();
  const secret = newWebhookSecret();
  receiver.setSecret('/hook', secret);
  const worker = new Worker(new URL('../dist/sender-thread.js', import.meta.url), {
    workerData: { allowPrivate: true },
  });
  t.after(() => worker.terminate());
  const messages: FromSender[] = [];
  worker.on('message', (message: FromSender) => messages.push(message));
  const send: ToSender = {
    type: 'send',
    requests: [{ key: 7, url: receiver.urlFor('/hook'), secrets: [secret], id: 'evt_built', payload: '{}' }],
  };
  worker.postMessage(send);
  await eventually(async () => messages.length > 0, 10_000, 'the answer');
  const [answer] = messages;
  assert.equal(answer?.type, 'results');
  assert.deepEqual(
    answer.results.map((sent) => [
      'result' in sent && [sent.key, sent.result.statusCode, sent.result.verdict],
    ]),
    [[[7, 200, 'delivered']]],
  );
  assert.equal(receiver.received[0]?.verified, true);
  const close: ToSender = { type: 'close' };
  worker.postMessage(close);
  await eventually(async () => messages.some((m) => m.type === 'closed'), 10_000, 'closed');
});
