// Webhooks in a real browser: change the URL, receive the test event signed with the new secret; a
// rotated secret that signs the next one; a failed delivery shown and redelivered.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { drainOutbox } from '../../src/workers/dispatcher.js';
import { buildListeningApp } from '../helpers/listening-app.js';
import { checkPage, signedInPage } from '../helpers/portal-browser.js';
import { startWebhookReceiver } from '../helpers/webhook-receiver.js';

test('webhook URL, signed test event, failed delivery redelivered', async (t) => {
  const app = await buildListeningApp(t);
  const receiver = await startWebhookReceiver(t);
  const { page } = await signedInPage(t, app, 'developer');

  await page.getByRole('link', { name: 'Webhooks' }).click();
  await page.waitForURL(/\/portal\/webhooks$/);
  await checkPage(page, 'webhooks-empty');
  await page.getByLabel('Webhook URL').fill(receiver.urlFor('/partner'));
  await page.getByRole('button', { name: 'Save webhook URL' }).click();
  const secret = await page.getByLabel('Signing secret').inputValue();
  assert.match(secret, /^whsec_/);
  receiver.setSecret('/partner', secret);
  await checkPage(page, 'webhooks-secret');

  await page.getByRole('button', { name: 'Send test event' }).click();
  await drainOutbox(app.deps);
  assert.equal(receiver.received.length, 1);
  assert.equal(receiver.received[0]!.verified, true, 'signed with the new secret');

  // Rotated from the page: the new secret, shown once, signs the next event.
  await page.getByRole('button', { name: 'Rotate signing secret' }).click();
  const rotated = await page.getByLabel('Signing secret').inputValue();
  assert.ok(rotated.startsWith('whsec_') && rotated !== secret);
  await checkPage(page, 'webhooks-secret-rotated');
  receiver.setSecret('/partner', rotated);
  await page.getByRole('button', { name: 'Send test event' }).click();
  await drainOutbox(app.deps);
  assert.equal(receiver.received.length, 2);
  assert.equal(receiver.received[1]!.verified, true, 'signed with the rotated secret');

  receiver.respond(() => 410);
  await page.getByRole('button', { name: 'Send test event' }).click();
  await drainOutbox(app.deps);
  const failedId = receiver.received[2]!.id;
  await page.goto(`${app.baseUrl}/portal/webhooks`);
  await page.getByLabel('Status').selectOption('failed');
  await page.getByRole('button', { name: 'Filter' }).click();
  await page.waitForURL(/status=failed/);
  assert.equal(await page.locator('tbody tr').count(), 1);
  await checkPage(page, 'webhooks-failed');
  await page.locator(`tr[data-delivery="${failedId}"] a`).click();
  await page.waitForURL(new RegExp(`/portal/webhooks/deliveries/${failedId}$`));
  assert.equal(await page.locator('#delivery-status').textContent(), 'failed');
  await checkPage(page, 'webhook-delivery');

  receiver.respond(() => 200);
  await page.getByRole('button', { name: 'Redeliver' }).click();
  await drainOutbox(app.deps);
  await page.reload();
  assert.equal(await page.locator('#delivery-status').textContent(), 'delivered');
  assert.equal(await page.locator('#attempts tr').count(), 2);
  assert.deepEqual(
    receiver.received.slice(2).map((r) => [r.id, r.verified]),
    [
      [failedId, true],
      [failedId, true],
    ],
  );
});
