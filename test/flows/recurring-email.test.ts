// A regular payment's e-mails over real sockets: the request with its link, a receipt for the initial
// payment, the confirmation once the standing order is set up, and a receipt for each payment the bank
// makes on its date; each once, however often the jobs run over the same dates.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildListeningApp, type ListeningApp } from '../helpers/listening-app.js';
import { merchant } from '../helpers/merchant.js';
import { http } from '../helpers/payment-flow.js';
import {
  advanceDays,
  decideAtSandbox,
  initiateRecurring,
  itemsOf,
  recurringBody,
  setNow,
} from '../helpers/recurring.js';

async function subjects(app: ListeningApp): Promise<string[]> {
  const rows = await app.deps.db
    .selectFrom('events')
    .select('payload')
    .where('channel', '=', 'email')
    .orderBy('seq')
    .execute();
  return rows.map((row) => JSON.parse(row.payload).subject as string);
}

test('request, initial receipt, set-up confirmation and one receipt per paid date', async (t) => {
  const app = await buildListeningApp(t);
  setNow(app.clock, '2027-03-01T10:00:00.000Z');
  const m = await merchant(app, { integration: { servicePaymentPageRedirectEnabled: true } });
  const created = await http(app, 'POST', '/merchant/v1/recurring-payments/send', {
    headers: m.headers,
    body: recurringBody({ initialPaymentAmount: '10.00', numberOfPayments: 2 }),
  });
  assert.equal(created.status, 201, created.text);
  const recurring = created.json().result;
  const next = await decideAtSandbox(app, await initiateRecurring(app, recurring.qrCodeData));
  await decideAtSandbox(app, next);

  assert.deepEqual(await subjects(app), [
    'Acme Widgets Ltd asks you to set up a regular payment (gym-2027)',
    'Receipt: you paid Acme Widgets Ltd £10.00 (gym-2027)',
    'Your regular payment to Acme Widgets Ltd is set up (gym-2027)',
  ]);

  await advanceDays(app, 30); // 2027-03-31: the first date
  await advanceDays(app, 1); // the jobs run again over the same, paid, date
  const after = await subjects(app);
  assert.deepEqual(after.slice(3), [
    'Receipt: your regular payment of £25.00 to Acme Widgets Ltd (gym-2027)',
  ]);
  const rows = await app.deps.db
    .selectFrom('events')
    .select('payload')
    .where('channel', '=', 'email')
    .orderBy('seq', 'desc')
    .executeTakeFirstOrThrow();
  const receipt = JSON.parse(rows.payload);
  assert.deepEqual(receipt.to, ['cara@customer.example']);
  assert.match(receipt.text, /payment 1 of 2 of your regular payment for gym-2027/);
  assert.match(receipt.html, /Regular payment received/);

  await advanceDays(app, 30); // 2027-04-30: the second and last date
  assert.deepEqual(
    (await itemsOf(app, m, recurring.id)).map((i) => i.status),
    ['paid', 'paid'],
  );
  // (Delivered e-mails older than the outbox's retention are gone by now: count the second date's.)
  const rows2 = await app.deps.db
    .selectFrom('events')
    .select('payload')
    .where('channel', '=', 'email')
    .execute();
  const second = rows2.filter((row) =>
    /payment 2 of 2 of your regular payment/.test(JSON.parse(row.payload).text),
  );
  assert.equal(second.length, 1);
});
