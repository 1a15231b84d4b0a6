// Companies in a real browser: create a company, verify its officer through the sandbox page, and see it
// active on its page.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildListeningApp } from '../helpers/listening-app.js';
import { checkPage, signedInPage } from '../helpers/portal-browser.js';

test('a company created, its officer verified through the sandbox, the company active on its page', async (t) => {
  const app = await buildListeningApp(t);
  const { page } = await signedInPage(t, app, 'admin');
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
  const link = await page.getByLabel('Verification link of Ada Owner').inputValue();

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
});
