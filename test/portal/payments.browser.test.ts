// A company's payments in a real browser: the list filtered, a payment refunded from its page, the
// transactions page and its CSV download (equal to the API's transactions), recurring payments.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { launchChromium } from '../helpers/browser.js';
import { buildListeningApp } from '../helpers/listening-app.js';
import { merchant } from '../helpers/merchant.js';
import { http, paidPayment } from '../helpers/payment-flow.js';
import { invite, PASSWORD } from '../helpers/portal.js';
import { checkPage, DESKTOP } from '../helpers/portal-browser.js';
import { recurringBody } from '../helpers/recurring.js';
import { apiRows, parseCsv } from '../helpers/transactions-csv.js';

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
  await page.getByRole('link', { name: 'Payments', exact: true }).click();
  await checkPage(page, 'payments');
  // Filtered: a status and a reference search that find it, one that does not.
  await page.getByLabel('Status').selectOption('paid');
  await page.getByLabel('Reference').fill('2001');
  await page.getByRole('button', { name: 'Filter' }).click();
  await page.waitForURL(/status=paid/);
  assert.equal(await page.locator('tr[data-payment]').count(), 1);
  await checkPage(page, 'payments-filtered');
  await page.getByLabel('Status').selectOption('cancelled');
  await page.getByRole('button', { name: 'Filter' }).click();
  await page.waitForURL(/status=cancelled/);
  assert.equal(await page.locator('tr[data-payment]').count(), 0);
  await page.getByLabel('Status').selectOption('');
  await page.getByRole('button', { name: 'Filter' }).click();
  await page.waitForURL(/status=&/);
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

  // The company's transactions as a page, and its CSV download: both what the partner API lists.
  await page.goto(`${app.baseUrl}/portal/companies/${m.companyId}`);
  await page.getByRole('link', { name: 'Transactions', exact: true }).click();
  await page.waitForURL(/\/transactions$/);
  await checkPage(page, 'transactions');
  const listed = await page
    .locator('tr[data-transaction]')
    .evaluateAll((rows) =>
      rows.map((r) => (r as unknown as { dataset: { transaction: string } }).dataset.transaction),
    );
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download all as CSV' }).click(),
  ]);
  const [, ...csvRows] = parseCsv(readFileSync((await download.path())!, 'utf8'));
  const transactions = await http(app, 'GET', `/partner/v1/companies/${m.companyId}/transactions?limit=100`, {
    headers: m.partner.partnerHeaders,
  });
  const docs = transactions.json().data.docs;
  assert.ok(docs.length >= 1);
  assert.deepEqual(csvRows, apiRows(docs), 'the CSV download equals the API transactions');
  assert.deepEqual(
    listed,
    docs.map((d: { id: string }) => d.id),
  );

  // Recurring payments: the list and a recurring payment's page.
  const recurring = await http(app, 'POST', '/merchant/v1/recurring-payments/send', {
    headers: m.headers,
    body: recurringBody({ reference: 'gym-2027' }),
  });
  assert.equal(recurring.status, 201);
  await page.goto(`${app.baseUrl}/portal/companies/${m.companyId}`);
  await page.getByRole('link', { name: 'Recurring payments' }).click();
  await page.waitForURL(/\/recurring-payments$/);
  await checkPage(page, 'recurring-payments');
  await page.getByRole('link', { name: 'gym-2027' }).click();
  assert.equal(await page.locator('#recurring-status').textContent(), 'sent');
  await checkPage(page, 'recurring-payment');
});
