// E-mail settings in a real browser: save the sender and reply-to, send a test e-mail.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildListeningApp } from '../helpers/listening-app.js';
import { queuedEmails } from '../helpers/partner-companies.js';
import { checkPage, signedInPage } from '../helpers/portal-browser.js';

test('sender, reply-to and a test e-mail', async (t) => {
  const app = await buildListeningApp(t);
  const { page } = await signedInPage(t, app, 'admin');
  await page.getByRole('link', { name: 'Settings' }).click();
  await page.waitForURL(/\/portal\/settings\/email$/);
  await checkPage(page, 'email-settings');
  await page.getByLabel('Sender').fill('Acme Payments <payments@acme.example>');
  await page.getByLabel('Reply-to').fill('support@acme.example');
  await page.getByRole('button', { name: 'Save e-mail settings' }).click();
  await page.getByText('E-mail settings saved.').waitFor();
  await page.getByRole('button', { name: 'Send test e-mail' }).click();
  await page.getByText('Test e-mail sent to admin@acme.example.').waitFor();
  await checkPage(page, 'email-settings-saved');
  const mail = (await queuedEmails(app)).at(-1)!;
  assert.deepEqual(
    [mail.to, mail.from, mail.replyTo],
    [['admin@acme.example'], 'Acme Payments <payments@acme.example>', 'support@acme.example'],
  );
});
