// A customer sets a regular payment up in a real browser (Debian's chromium), clicking as a person would:
// the recurring page with its schedule and initial payment, the sandbox bank's Approve for the initial
// payment, then for the standing order, the result page, on to the shop. Screenshots go to
// test-results/recurring/.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { launchChromium, screenshot, startShop } from '../helpers/browser.js';
import { buildListeningApp } from '../helpers/listening-app.js';
import { merchant } from '../helpers/merchant.js';
import { http } from '../helpers/payment-flow.js';
import { recurringBody, recurringOf, setNow } from '../helpers/recurring.js';

test('recurring link: schedule page -> bank (initial payment) -> bank (standing order) -> result -> shop', async (t) => {
  const app = await buildListeningApp(t);
  setNow(app.clock, '2027-03-01T10:00:00.000Z');
  const shop = await startShop(t);
  const m = await merchant(app, {
    integration: { servicePaymentPageRedirectEnabled: true, redirectUrl: shop.url },
  });
  const created = await http(app, 'POST', '/merchant/v1/recurring-payments/send', {
    headers: m.headers,
    body: recurringBody({ initialPaymentAmount: '15.00', recurringAmount: '42.00', reference: 'club-42' }),
  });
  assert.equal(created.status, 201, created.text);
  const recurring = created.json().result;
  const browser = await launchChromium(t);
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });

  await page.goto(recurring.qrCodeData);
  assert.equal((await page.locator('#amount').textContent())?.trim(), '£42.00 every month');
  assert.equal(await page.locator('#reference').textContent(), 'club-42');
  assert.equal(await page.locator('#first-date').textContent(), '31 March 2027');
  assert.equal(await page.locator('#final-date').textContent(), '31 May 2027');
  assert.match((await page.locator('#initial-payment').textContent()) ?? '', /£15\.00/);
  assert.equal(await page.locator('#schedule li').count(), 3);
  await screenshot(page, 'recurring', 'desktop-1-recurring-page');

  await page.getByRole('button', { name: 'Sandbox Bank' }).click();
  await page.waitForURL(/\/sandbox-bank\/authorize/);
  await screenshot(page, 'recurring', 'desktop-2-bank-initial-payment');
  await page.getByRole('button', { name: 'Approve' }).click();
  // Straight on to the bank again, now for the standing order.
  await page.waitForURL(/\/sandbox-bank\/authorize/);
  await screenshot(page, 'recurring', 'desktop-3-bank-standing-order');
  await page.getByRole('button', { name: 'Approve' }).click();
  await page.waitForURL(/\/public\/v1\/recurring\/result/);
  assert.equal(await page.locator('#status').getAttribute('data-status'), 'active');
  await screenshot(page, 'recurring', 'desktop-4-result');
  await page.locator('#continue').click();
  await page.waitForURL(/\/order\/done/);
  const landed = new URL(page.url());
  assert.equal(landed.searchParams.get('paymentId'), recurring.id);
  assert.equal(landed.searchParams.get('status'), 'active');

  const active = await recurringOf(app, m, recurring.id);
  assert.equal(active.status, 'active');
  assert.equal(active.initialPayment.status, 'paid');
  // The link now shows that it is set up, without the bank choice.
  await page.goto(recurring.qrCodeData);
  assert.equal(await page.locator('#status').getAttribute('data-status'), 'active');
  assert.equal(await page.getByRole('button', { name: 'Sandbox Bank' }).count(), 0);
  await screenshot(page, 'recurring', 'desktop-5-link-after-set-up');
});

test('recurring link on a phone: the page fits, the customer declines at the bank and can try again', async (t) => {
  const app = await buildListeningApp(t);
  setNow(app.clock, '2027-03-01T10:00:00.000Z');
  const shop = await startShop(t);
  const m = await merchant(app, {
    integration: { servicePaymentPageRedirectEnabled: false, redirectUrl: shop.url },
  });
  const created = await http(app, 'POST', '/merchant/v1/recurring-payments/send', {
    headers: m.headers,
    body: recurringBody({ numberOfPayments: 0, frequency: 'one_week' }),
  });
  const recurring = created.json().result;
  const browser = await launchChromium(t);
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  const page = await phone.newPage();
  await page.goto(recurring.qrCodeData);
  const overflow = await page.evaluate('document.documentElement.scrollWidth - window.innerWidth');
  assert.ok(Number(overflow) <= 0, `no sideways scrolling on a phone (${overflow}px too wide)`);
  assert.match((await page.locator('#count').textContent()) ?? '', /until you cancel it/);
  await screenshot(page, 'recurring', 'phone-1-recurring-page');
  await page.getByRole('button', { name: 'Sandbox Bank' }).tap();
  await page.waitForURL(/\/sandbox-bank\/authorize/);
  await page.getByRole('button', { name: 'Reject' }).tap();
  await page.waitForURL(/\/order\/done/);
  assert.equal(new URL(page.url()).searchParams.get('status'), 'rejected');
  await page.goto(recurring.qrCodeData);
  assert.equal(await page.locator('#status').getAttribute('data-status'), 'rejected');
  await screenshot(page, 'recurring', 'phone-2-try-again');
  await page.getByRole('button', { name: 'Sandbox Bank' }).tap();
  await page.waitForURL(/\/sandbox-bank\/authorize/);
  await page.getByRole('button', { name: 'Approve' }).tap();
  await page.waitForURL(/\/order\/done/);
  assert.equal(new URL(page.url()).searchParams.get('status'), 'active');
  assert.equal((await recurringOf(app, m, recurring.id)).status, 'active');
});
