// The officer's verification page in a real browser (Debian's chromium), as an officer clicks through it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chromium } from 'playwright-core';
import { createPartner } from '../helpers/fixtures.js';
import { buildListeningApp } from '../helpers/listening-app.js';
import { createPartnerCompany } from '../helpers/partner-companies.js';

test('an officer starts verification, fails, retries and passes; the company becomes active', async (t) => {
  const app = await buildListeningApp(t);
  const partner = await createPartner(app);
  const company = await createPartnerCompany(app, partner);
  const link = company.officers[0]!.verificationUrl!;
  assert.ok(link.startsWith(app.baseUrl), 'the link is on PUBLIC_URL');

  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
    ],
  });
  t.after(() => browser.close());
  const page = await browser.newPage();
  const status = () => page.locator('#status').getAttribute('data-status');

  await page.goto(link);
  assert.equal(await status(), 'pending_verification');
  assert.match(await page.title(), /Acme Widgets Ltd/);
  await page.getByRole('button', { name: 'Start verification' }).click();
  await page.waitForURL(link);
  assert.equal(await status(), 'started_verification');
  await page.getByRole('button', { name: 'Fail verification' }).click();
  await page.waitForURL(link);
  assert.equal(await status(), 'rejected_with_retry_allowed');
  await page.getByRole('button', { name: 'Try again' }).click();
  assert.equal(await status(), 'started_verification');
  await page.getByRole('button', { name: 'Pass verification' }).click();
  assert.equal(await status(), 'active');
  assert.equal(await page.locator('form').count(), 0);

  const got = await app.call({
    method: 'GET',
    url: `/partner/v1/companies/${company.id}`,
    headers: partner.partnerHeaders,
  });
  assert.equal(got.json().data.status, 'active');
});
