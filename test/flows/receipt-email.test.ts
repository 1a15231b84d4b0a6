// Receipts and refund notices (issue 17 item 5): queued in the transaction that settles the payment or
// completes the refund, once per payment (per refund) whatever repeats the change, none if that
// transaction is lost, and delivered through a real SMTP server as HTML and text.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { findPaymentById } from '../../src/domain/payments/payment.repository.js';
import { movePayment } from '../../src/domain/payments/payment.service.js';
import { queueStatusEmail } from '../../src/domain/payments/payment-mail.js';
import { withTransaction } from '../../src/store/transaction.js';
import { drainOutbox } from '../../src/workers/dispatcher.js';
import { buildListeningApp, type ListeningApp } from '../helpers/listening-app.js';
import { merchant, paymentBody } from '../helpers/merchant.js';
import { http, payAtSandbox } from '../helpers/payment-flow.js';
import { startSmtpServer } from '../helpers/smtp.js';

async function emails(app: ListeningApp) {
  const rows = await app.deps.db
    .selectFrom('events')
    .select(['id', 'payload'])
    .where('channel', '=', 'email')
    .orderBy('seq')
    .execute();
  return rows.map((row) => ({ id: row.id, ...JSON.parse(row.payload) })) as Array<{
    id: string;
    to: string[];
    cc: string[];
    subject: string;
    text: string;
    html: string;
  }>;
}
const receipts = async (app: ListeningApp) =>
  (await emails(app)).filter((e) => e.subject.startsWith('Receipt'));

test('one receipt per payment: none from a lost transaction, none more from a repeated move; one refund notice; sent by SMTP', async (t) => {
  const smtp = await startSmtpServer(t);
  const app = await buildListeningApp(t, {
    SANDBOX_SETTLEMENT: 'manual',
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
  });
  const m = await merchant(app, { integration: { servicePaymentPageRedirectEnabled: true } });
  const created = await http(app, 'POST', '/merchant/v1/payments/process', {
    headers: m.headers,
    body: paymentBody({ amount: '1500.00', invoiceRefNumber: 'INV-77' }),
  });
  assert.equal(created.status, 200, created.text);
  const { id, link } = created.json().result;
  await payAtSandbox(app, 'payment', link);
  const pending = await findPaymentById(app.deps.db, id);
  assert.equal(pending?.status, 'pending');
  assert.equal((await receipts(app)).length, 0, 'no receipt before the money arrives');

  // A crash after the move, before the commit: the payment stays pending and no receipt is queued.
  await assert.rejects(
    withTransaction(app.deps, async (tx) => {
      await movePayment(tx, pending!, 'settle', { completedAt: tx.clock.now().toISOString() });
      throw new Error('the process died here');
    }),
    /died/,
  );
  assert.equal((await findPaymentById(app.deps.db, id))?.status, 'pending');
  assert.equal((await receipts(app)).length, 0);

  // The bank settles: paid, and exactly one receipt, to the customer and the copies of the request.
  const settled = await http(app, 'POST', `/sandbox/v1/payments/${id}/settle`);
  assert.equal(settled.status, 200, settled.text);
  const paid = await findPaymentById(app.deps.db, id);
  assert.equal(paid?.status, 'paid');
  const [receipt, ...more] = await receipts(app);
  assert.equal(more.length, 0);
  assert.deepEqual(receipt!.to, ['cara@customer.example']);
  assert.deepEqual(receipt!.cc, ['books@customer.example', 'boss@customer.example']);
  assert.match(receipt!.subject, /^Receipt: you paid Acme Widgets Ltd £1,500\.00 \(INV-77\)$/);
  assert.match(receipt!.text, /Your payment of £1,500\.00 to Acme Widgets Ltd for INV-77 has been made/);
  assert.match(receipt!.html, /Payment received/);

  // The same transition again: the settle control, and the move's e-mail step replayed as it would run
  // again after a crash between the commit and the answer. Still one receipt.
  const again = await http(app, 'POST', `/sandbox/v1/payments/${id}/settle`);
  assert.notEqual(again.status, 500);
  await withTransaction(app.deps, (tx) => queueStatusEmail(tx, pending!, paid!, 'settle'));
  assert.equal((await receipts(app)).length, 1);

  // A partial refund, completed at the bank: one notice of that refund, with what is refunded in all.
  const refund = await http(app, 'POST', `/merchant/v1/payments/${id}/refund`, {
    headers: m.headers,
    body: {
      amount: '500.00',
      payeeAccountInfo: { name: 'Cara Customer', identification: '123456', externalAccountId: '87654321' },
    },
  });
  assert.equal(refund.status, 200, refund.text);
  await payAtSandbox(app, 'refund', refund.json().result.refundLink);
  await http(app, 'POST', `/sandbox/v1/payments/${id}/settle`);
  const refunded = await findPaymentById(app.deps.db, id);
  assert.equal(refunded?.status, 'partial_refund');
  const notices = (await emails(app)).filter((e) => /has refunded/.test(e.subject));
  assert.equal(notices.length, 1, JSON.stringify((await emails(app)).map((e) => e.subject)));
  assert.match(notices[0]!.subject, /Acme Widgets Ltd has refunded £500\.00 \(INV-77\)/);
  assert.match(notices[0]!.text, /£500\.00 of your £1,500\.00 payment has been refunded/);
  await withTransaction(app.deps, (tx) => queueStatusEmail(tx, paid!, refunded!, 'complete_partial_refund'));
  assert.equal((await emails(app)).filter((e) => /has refunded/.test(e.subject)).length, 1);

  // Through the real SMTP server: the receipt arrives once, as HTML and text alternatives.
  await drainOutbox(app.deps);
  const delivered = smtp.mails.filter((mail) => mail.header('Message-ID') === `<${receipt!.id}@paybank>`);
  assert.equal(delivered.length, 1);
  assert.deepEqual(delivered[0]!.envelopeTo.sort(), [
    'books@customer.example',
    'boss@customer.example',
    'cara@customer.example',
  ]);
  assert.match(delivered[0]!.header('Subject') ?? '', /Receipt/);
  assert.match(delivered[0]!.raw, /Content-Type: multipart\/alternative/i);
  assert.match(delivered[0]!.raw, /Content-Type: text\/plain/i);
  assert.match(delivered[0]!.raw, /Content-Type: text\/html/i);
});

test('no customer e-mail address: no receipt, and the payment is paid all the same', async (t) => {
  const app = await buildListeningApp(t);
  const m = await merchant(app);
  const created = await http(app, 'POST', '/merchant/v1/payments/process', {
    headers: m.headers,
    body: paymentBody({ customerEmail: undefined, customerEmailCC: undefined }),
  });
  assert.equal(created.status, 200, created.text);
  await payAtSandbox(app, 'payment', created.json().result.link);
  assert.equal((await findPaymentById(app.deps.db, created.json().result.id))?.status, 'paid');
  assert.equal((await emails(app)).length, 0);
});
