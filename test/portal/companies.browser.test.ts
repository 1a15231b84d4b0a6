// Companies in a real browser: create a company, verify its officer through the sandbox page, and see it
// active on its page; a new verification link copied; an integration created and its secret-key rotated.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildListeningApp } from '../helpers/listening-app.js';
import { addBankAccount } from '../helpers/partner-companies.js';
import { checkPage, signedInPage } from '../helpers/portal-browser.js';

test('a company created, its officer verified through the sandbox, the company active on its page', async (t) => {
  const app = await buildListeningApp(t);
  const { page, partner } = await signedInPage(t, app, 'admin');
  await page.getByRole('link', { name: 'Companies' }).click();
  await page.waitForURL(/\/portal\/companies$/);
  await checkPage(page, 'companies-empty');

  await page.getByLabel('Company name').fill('Corner Shop Ltd');
  await page.getByLabel('Identifier', { exact: true }).fill('12345678');
  await page.getByLabel('Contact name').fill('Ada Owner');
  await page.getByLabel('Contact e-mail').fill('ada@corner.example');
  await page.getByLabel('Support phone').fill('+44 20 7946 0000');
  await page.getByLabel('Address', { exact: true }).fill('1 High Street');
  await page.getByLabel('City', { exact: true }).fill('London');
  await page.getByLabel('Postcode').fill('E1 6AN');
  await page.getByRole('button', { name: 'Create company' }).click();
  assert.equal(await page.locator('#company-status').textContent(), 'pending_verification');
  await checkPage(page, 'company-created');
  const first = await page.getByLabel('Verification link of Ada Owner').inputValue();
  // A new link, copied from the company page, replaces the first one.
  await page.getByRole('button', { name: 'New link for Ada Owner' }).click();
  const link = await page.getByLabel('Verification link of Ada Owner').inputValue();
  assert.notEqual(link, first);
  await checkPage(page, 'company-officer-link');
  assert.equal((await fetch(first)).status, 404, 'the first link no longer works');

  // The officer's own page, as the officer opens the link.
  await page.goto(link);
  await page.getByRole('button', { name: 'Start verification' }).click();
  await page.getByRole('button', { name: 'Pass verification' }).click();
  assert.equal(await page.locator('#status').getAttribute('data-status'), 'active');

  await page.goto(`${app.baseUrl}/portal/companies`);
  await page.getByLabel('Search by name or identifier').fill('corner');
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('link', { name: 'Corner Shop Ltd' }).click();
  assert.equal(await page.locator('#company-status').textContent(), 'active');
  await checkPage(page, 'company');

  // An integration: it receives into a bank account, then its secrets are shown once and rotated.
  const companyId = page.url().split('/').at(-1)!;
  await addBankAccount(app, partner, companyId);
  await page.reload();
  await page.getByLabel('Integration name').fill('Web shop');
  await page.getByLabel('Webhook URL', { exact: true }).fill('https://corner.example/hooks');
  await page.getByRole('button', { name: 'Create integration' }).click();
  const secretKey = await page.getByLabel('Secret-key', { exact: true }).inputValue();
  assert.match(await page.getByLabel('Webhook secret', { exact: true }).inputValue(), /^whsec_/);
  await checkPage(page, 'company-integration-created');
  const integrationId = (await page.locator('tr[data-integration]').getAttribute('data-integration'))!;
  const payments = (key: string) =>
    fetch(`${app.baseUrl}/merchant/v1/payments`, {
      headers: { 'integration-id': integrationId, 'secret-key': key },
    }).then((r) => r.status);
  assert.equal(await payments(secretKey), 200);
  await page.getByRole('button', { name: 'Rotate secret-key of Web shop' }).click();
  const rotated = await page.getByLabel('Secret-key', { exact: true }).inputValue();
  assert.notEqual(rotated, secretKey);
  assert.equal(await payments(secretKey), 401);
  assert.equal(await payments(rotated), 200);
});
