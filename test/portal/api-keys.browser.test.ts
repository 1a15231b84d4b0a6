// API keys in a real browser: generate one, use it on the partner API (200), revoke it (401).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildListeningApp } from '../helpers/listening-app.js';
import { checkPage, signedInPage } from '../helpers/portal-browser.js';

test('generate an API key, use it on /partner/v1/companies, revoke it', async (t) => {
  const app = await buildListeningApp(t);
  const { page, partner } = await signedInPage(t, app);
  const companies = (apisecret: string) =>
    fetch(`${app.baseUrl}/partner/v1/companies`, { headers: { apisecret } }).then((r) => r.status);

  await page.getByRole('link', { name: 'API keys' }).click();
  await page.waitForURL(/\/portal\/api-keys$/);
  await checkPage(page, 'api-keys');
  await page.getByLabel('Name').fill('Back office');
  await page.getByLabel('Description').fill('Nightly reconciliation');
  await page.getByRole('button', { name: 'Generate API key' }).click();
  const apisecret = await page.getByLabel('New API key').inputValue();
  assert.match(apisecret, /^[0-9a-f-]{36}$/);
  assert.equal(
    await page.getByRole('button', { name: 'Copy' }).isVisible(),
    true,
    'the script shows the copy button',
  );
  await checkPage(page, 'api-key-generated');

  assert.equal(await companies(apisecret), 200);
  assert.equal(await companies(partner.apisecret), 200, 'the older key keeps working');

  const row = page.getByRole('row', { name: /Back office/ });
  await row.getByRole('button', { name: 'Disable' }).click();
  await page.waitForURL(/\/portal\/api-keys$/);
  assert.equal(await companies(apisecret), 401);
  await page
    .getByRole('row', { name: /Back office/ })
    .getByRole('button', { name: 'Enable' })
    .click();
  assert.equal(await companies(apisecret), 200);
  await page
    .getByRole('row', { name: /Back office/ })
    .getByRole('button', { name: 'Revoke' })
    .click();
  await page.waitForURL(/\/portal\/api-keys$/);
  assert.equal(
    await page
      .getByRole('row', { name: /Back office/ })
      .locator('.status')
      .textContent(),
    'revoked',
  );
  assert.equal(await companies(apisecret), 401);
  await checkPage(page, 'api-keys-revoked');
});
