// examples/shop end to end: Chromium as the customer buys in the shop, pays at the sandbox bank, and
// comes back to an order the shop marked paid from paybank's verified webhook (delivered by the
// service's own workers). Screenshots go to test-results/shop/.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { test } from 'node:test';
import { createShop } from '../../examples/shop/shop.js';
import { startWorkers } from '../../src/workers/start-workers.js';
import { launchChromium, screenshot } from '../helpers/browser.js';
import { buildListeningApp, freePort } from '../helpers/listening-app.js';
import { merchant } from '../helpers/merchant.js';

test('the example shop takes a pay-by-bank payment and shows the order paid from the webhook', {
  timeout: 120_000,
}, async (t) => {
  const app = await buildListeningApp(t);
  const shopUrl = `http://127.0.0.1:${await freePort()}`;
  const m = await merchant(app, {
    integration: {
      webhookUrl: `${shopUrl}/webhooks`,
      redirectUrl: `${shopUrl}/`,
      servicePaymentPageRedirectEnabled: false,
    },
  });
  const shop = createShop({
    paybankUrl: app.baseUrl,
    integrationId: m.integrationId,
    secretKey: m.headers['secret-key'] ?? '',
    webhookSecret: m.webhookSecret,
    publicUrl: shopUrl,
  });
  const server = createServer(shop.listener);
  await new Promise<void>((resolve) => server.listen(Number(new URL(shopUrl).port), '127.0.0.1', resolve));
  t.after(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );

  // The dispatcher only (the shop needs its webhooks, not the periodic jobs), stopped in the test:
  // after hooks run in the order they were added, and the app's (closing the database) came first.
  const stopWorkers = startWorkers(app.deps, { dispatcher: { pollMs: 50 }, scheduler: { jobs: [] } });
  try {
    const browser = await launchChromium(t);
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(shopUrl);
    await screenshot(page, 'shop', '1-product');
    await page.getByRole('button', { name: 'Pay by bank' }).click();
    await page.waitForURL(/\/p\?=/);
    assert.equal(await page.locator('#amount').textContent(), '£12.50');
    assert.equal(await page.locator('#reference').textContent(), 'ORD-0001');
    await page.getByRole('button', { name: 'Sandbox Bank' }).click();
    await page.waitForURL(/\/sandbox-bank\/authorize/);
    await screenshot(page, 'shop', '2-bank');
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL(`${shopUrl}/orders/1?**`);
    // The order page refreshes itself until the webhook has said how the payment ended.
    await page.locator('#status[data-status="paid"]').waitFor({ timeout: 15_000 });
    await screenshot(page, 'shop', '3-order-paid');

    const order = shop.orders.get(1);
    assert.equal(order?.status, 'paid');
    assert.ok(shop.webhooks.verified >= 1);
    assert.equal(shop.webhooks.refused, 0);

    // A forged webhook saying another order was paid is refused.
    const forged = await fetch(`${shopUrl}/webhooks`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'webhook-id': 'msg_forged',
        'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
        'webhook-signature': 'v1,Zm9yZ2Vk',
      },
      body: JSON.stringify({
        eventName: 'payment.status_updated',
        data: { id: order?.paymentId, status: 'paid' },
      }),
    });
    assert.equal(forged.status, 400);
    assert.equal(shop.webhooks.refused, 1);
  } finally {
    await stopWorkers();
  }
});
