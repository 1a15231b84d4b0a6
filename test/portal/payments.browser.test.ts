// A payment refunded from its page in a real browser.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { launchChromium } from '../helpers/browser.js';
import { buildListeningApp } from '../helpers/listening-app.js';
import { merchant } from '../helpers/merchant.js';
import { http, paidPayment } from '../helpers/payment-flow.js';
import { invite, PASSWORD } from '../helpers/portal.js';
import { checkPage, DESKTOP } from '../helpers/portal-browser.js';

test('a payment refunded from its page', async (t) => {
  const app = await buildListeningApp(t);
  const m = await merchant(app);
  const paid = await paidPayment(app, m);
  const invited = await invite(app, m.partner.id, 'admin@acme.example', 'admin');
  const page = await (await launchChromium(t)).newPage({ viewport: DESKTOP });
  await page.goto(invited.inviteUrl);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Set password' }).click();
  await page.getByLabel('Email').fill('admin@acme.example');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/portal$/);

  await page.getByRole('link', { name: 'Companies' }).click();
  await page.getByRole('link', { name: 'Acme Widgets Ltd' }).click();
  await page.getByRole('link', { name: 'Payments' }).click();
  await checkPage(page, 'payments');
  await page.getByRole('link', { name: 'INV-2001' }).click();
  assert.equal(await page.locator('#payment-status').textContent(), 'paid');
  await checkPage(page, 'payment');
  await page.getByLabel('Refund amount').fill('5.00');
  await page.getByRole('button', { name: 'Refund' }).click();
  await page.waitForURL(new RegExp(`/payments/${paid.id}$`));
  assert.equal(await page.locator('#payment-status').textContent(), 'refund_started');
  await checkPage(page, 'payment-refund-started');
  const api = await http(app, 'GET', `/merchant/v1/payments/${paid.id}`, { headers: m.headers });
  assert.equal(api.json().result.status, 'refund_started');
});
