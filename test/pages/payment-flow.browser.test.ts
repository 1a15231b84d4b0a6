// A customer pays in a real browser (Debian's chromium), clicking as a person would: the payment page,
// the sandbox bank's Approve, the result page, on to the shop; then the merchant authorises a refund
// from the refund link. And the same on a phone for a `mobile` payment. Screenshots of every page go
// to test-results/payments/.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { launchChromium, screenshot, startShop } from '../helpers/browser.js';
import { buildListeningApp } from '../helpers/listening-app.js';
import { merchant, paymentBody } from '../helpers/merchant.js';
import { http, statusOf } from '../helpers/payment-flow.js';

test('link payment on a desktop: page -> Sandbox Bank -> Approve -> result page -> shop; refund from its link', async (t) => {
  const app = await buildListeningApp(t);
  const shop = await startShop(t);
  const m = await merchant(app, {
    integration: { servicePaymentPageRedirectEnabled: true, redirectUrl: shop.url },
  });
  const created = await http(app, 'POST', '/merchant/v1/payments/process', {
    headers: m.headers,
    body: paymentBody({ type: 'link', amount: '42.00', invoiceRefNumber: 'WEB-42' }),
  });
  const payment = created.json().result;
  const browser = await launchChromium(t);
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });

  await page.goto(payment.link);
  assert.equal(await page.locator('#amount').textContent(), '£42.00');
  assert.equal(await page.locator('#reference').textContent(), 'WEB-42');
  await screenshot(page, 'payments', 'link-1-payment-page');
  await page.getByRole('button', { name: 'Sandbox Bank' }).click();
  await page.waitForURL(/\/sandbox-bank\/authorize/);
  await screenshot(page, 'payments', 'link-2-bank-authorisation');
  await page.getByRole('button', { name: 'Approve' }).click();
  await page.waitForURL(/\/public\/v1\/result/);
  assert.equal(await page.locator('#status').getAttribute('data-status'), 'settled');
  await screenshot(page, 'payments', 'link-3-result');
  await page.locator('#continue').click();
  await page.waitForURL(/\/order\/done/);
  const landed = new URL(page.url());
  assert.equal(landed.searchParams.get('paymentId'), payment.id);
  assert.equal(landed.searchParams.get('status'), 'paid');
  assert.equal(await statusOf(app, m, payment.id), 'paid');

  const refund = await http(app, 'POST', `/merchant/v1/payments/${payment.id}/refund`, {
    headers: m.headers,
    body: { amount: '2.00' },
  });
  await page.goto(refund.json().result.refundLink);
  assert.equal(await page.locator('#amount').textContent(), '£2.00');
  await screenshot(page, 'payments', 'link-4-refund-page');
  await page.getByRole('button', { name: 'Sandbox Bank' }).click();
  await page.waitForURL(/\/sandbox-bank\/authorize/);
  await page.getByRole('button', { name: 'Approve' }).click();
  await page.waitForURL(/\/public\/v1\/result/);
  assert.equal(await page.locator('#status').getAttribute('data-status'), 'settled');
  await screenshot(page, 'payments', 'link-5-refund-result');
  assert.equal(await statusOf(app, m, payment.id), 'partial_refund');
});

test('mobile payment on a phone: the page fits the screen, and the customer lands straight at the shop', async (t) => {
  const app = await buildListeningApp(t);
  const shop = await startShop(t);
  const m = await merchant(app, {
    integration: { servicePaymentPageRedirectEnabled: false, redirectUrl: shop.url },
  });
  const created = await http(app, 'POST', '/merchant/v1/payments/process', {
    headers: m.headers,
    body: paymentBody({ type: 'mobile', amount: '9.99', invoiceRefNumber: 'APP-7' }),
  });
  const payment = created.json().result;
  const browser = await launchChromium(t);
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  const page = await phone.newPage();

  await page.goto(payment.link);
  assert.equal(await page.locator('#amount').textContent(), '£9.99');
  // An expression string: the test project has no DOM types.
  const overflow = Number(await page.evaluate('document.documentElement.scrollWidth - window.innerWidth'));
  assert.ok(overflow <= 0, `no sideways scrolling on a phone (${overflow}px too wide)`);
  const button = await page.getByRole('button', { name: 'Sandbox Bank' }).boundingBox();
  assert.ok(button && button.height >= 44, 'a bank button is big enough to tap');
  await screenshot(page, 'payments', 'mobile-1-payment-page');
  await page.getByRole('button', { name: 'Sandbox Bank' }).tap();
  await page.waitForURL(/\/sandbox-bank\/authorize/);
  await screenshot(page, 'payments', 'mobile-2-bank-authorisation');
  await page.getByRole('button', { name: 'Approve' }).tap();
  await page.waitForURL(/\/order\/done/);
  await screenshot(page, 'payments', 'mobile-3-shop');
  assert.equal(new URL(page.url()).searchParams.get('status'), 'paid');
  assert.equal(await statusOf(app, m, payment.id), 'paid');
});
