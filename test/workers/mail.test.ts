// E-mail goes through the outbox: sent by the dispatcher through SMTP or into .eml files, never lost.
import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { recordEmail } from '../../src/domain/mail/outbox-mail.js';
import { drainOutbox } from '../../src/workers/dispatcher.js';
import { buildTestApp } from '../helpers/app.js';
import { attemptsOf, eventRow } from '../helpers/events.js';
import { freePort } from '../helpers/listening-app.js';
import { startSmtpServer } from '../helpers/smtp.js';

const mail = {
  to: ['customer@shop.example'],
  cc: ['accounts@shop.example', 'owner@shop.example'],
  subject: 'Your payment request INV-1',
  text: 'Please pay £12.50 at https://pay.example/p?=abc',
  replyTo: 'help@merchant.example',
};

test('an e-mail reaches a real SMTP server with its To and CC recipients', async (t) => {
  const smtp = await startSmtpServer(t);
  const app = await buildTestApp(t, {
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    MAIL_FROM: 'Paybank <no-reply@paybank.example>',
  });
  const id = await app.deps.db.transaction().execute((trx) => recordEmail(trx, app.deps.clock.now(), mail));
  assert.equal(smtp.mails.length, 0, 'nothing is sent inside the transaction');
  await drainOutbox(app.deps);

  assert.equal(smtp.mails.length, 1);
  const [received] = smtp.mails;
  assert.deepEqual(received!.envelopeTo.sort(), [...mail.to, ...mail.cc].sort());
  assert.equal(received!.envelopeFrom, 'no-reply@paybank.example');
  assert.equal(received!.header('To'), 'customer@shop.example');
  assert.equal(received!.header('Cc'), 'accounts@shop.example, owner@shop.example');
  assert.equal(received!.header('Subject'), mail.subject);
  assert.equal(received!.header('Reply-To'), 'help@merchant.example');
  assert.equal(received!.header('Message-ID'), `<${id}@paybank>`);
  assert.equal((await eventRow(app, id)).state, 'delivered');
  const [attempt] = await attemptsOf(app, id);
  assert.equal(attempt!.target, 'smtp');
  assert.equal(attempt!.outcome, 'delivered');
});

test('with the SMTP server down the e-mail waits, and arrives after it comes back', async (t) => {
  const port = await freePort();
  const app = await buildTestApp(t, { SMTP_URL: `smtp://127.0.0.1:${port}` });
  const id = await recordEmail(app.deps.db, app.deps.clock.now(), {
    ...mail,
    from: 'Merchant <m@merchant.example>',
  });
  await drainOutbox(app.deps);
  const row = await eventRow(app, id);
  assert.equal(row.state, 'pending');
  const [failed] = await attemptsOf(app, id);
  assert.equal(failed!.outcome, 'retry');
  assert.match(failed!.error ?? '', /ECONNREFUSED|connect/i);

  const smtp = await startSmtpServer(t, { port });
  await drainOutbox(app.deps);
  assert.equal(smtp.mails.length, 0, 'not before its retry time');
  app.clock.advance(31_000);
  await drainOutbox(app.deps);
  assert.equal(smtp.mails.length, 1);
  assert.equal(smtp.mails[0]!.envelopeFrom, 'm@merchant.example');
  assert.deepEqual(smtp.mails[0]!.envelopeTo.sort(), [...mail.to, ...mail.cc].sort());
  assert.equal((await eventRow(app, id)).state, 'delivered');
});

test('a recipient the server refuses for good (550) is not retried', async (t) => {
  const smtp = await startSmtpServer(t, { refuseRecipient: (address) => address === 'gone@shop.example' });
  const app = await buildTestApp(t, { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
  const id = await recordEmail(app.deps.db, app.deps.clock.now(), {
    ...mail,
    to: ['gone@shop.example'],
    cc: [],
  });
  await drainOutbox(app.deps);
  app.clock.advance(86_400_000);
  await drainOutbox(app.deps);
  const attempts = await attemptsOf(app, id);
  assert.equal(attempts.length, 1);
  assert.equal(attempts[0]!.statusCode, 550);
  assert.equal((await eventRow(app, id)).state, 'failed');
});

test('without SMTP_URL, e-mails are written as .eml files under DATA_DIR/mail', async (t) => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'paybank-mail-'));
  t.after(() => rm(dataDir, { recursive: true, force: true }));
  const app = await buildTestApp(t, { DATA_DIR: dataDir });
  const id = await recordEmail(app.deps.db, app.deps.clock.now(), mail);
  await drainOutbox(app.deps);
  const files = await readdir(path.join(dataDir, 'mail'));
  assert.deepEqual(files, [`${id}.eml`]);
  const eml = await readFile(path.join(dataDir, 'mail', `${id}.eml`), 'utf8');
  assert.match(eml, /^To: customer@shop\.example\r$/m);
  assert.match(eml, /^Cc: accounts@shop\.example, owner@shop\.example\r$/m);
  assert.match(eml, /^Subject: Your payment request INV-1\r$/m);
  assert.match(eml, /^From: paybank <no-reply@paybank\.local>\r$/m);
  const [attempt] = await attemptsOf(app, id);
  assert.equal(attempt!.target, 'file');
});

test('a bad e-mail is refused when queued, and one rolled back with its transaction is never sent', async (t) => {
  const smtp = await startSmtpServer(t);
  const app = await buildTestApp(t, { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
  const now = app.deps.clock.now();
  await assert.rejects(recordEmail(app.deps.db, now, { ...mail, to: [] }), /at least one recipient/);
  await assert.rejects(
    recordEmail(app.deps.db, now, { ...mail, subject: 'Hi\r\nBcc: x@evil.example' }),
    /one line/,
  );
  await assert.rejects(
    recordEmail(app.deps.db, now, { ...mail, cc: ['x@y.example\nBcc: z@evil.example'] }),
    /invalid address/,
  );
  await assert.rejects(
    app.deps.db.transaction().execute(async (trx) => {
      await recordEmail(trx, now, mail);
      throw new Error('the change failed');
    }),
    /the change failed/,
  );
  await drainOutbox(app.deps);
  assert.equal(smtp.mails.length, 0);
});
