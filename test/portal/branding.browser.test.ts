// Branding in a real browser: an admin sets a company's colour and logo in the portal; the branded
// payment page then shows them, in English and in Welsh. axe finds nothing on any of these pages.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { axeViolations } from '../helpers/axe.js';
import { screenshot } from '../helpers/browser.js';
import { createCompany } from '../helpers/fixtures.js';
import { buildListeningApp } from '../helpers/listening-app.js';
import { merchant, paymentBody } from '../helpers/merchant.js';
import { SAMPLE_FILES } from '../helpers/multipart.js';
import { http } from '../helpers/payment-flow.js';
import { checkPage, DESKTOP, PHONE, signedInPage } from '../helpers/portal-browser.js';

test('portal branding form, then the branded payment page in English and Welsh', async (t) => {
  const app = await buildListeningApp(t);
  const { page, partner } = await signedInPage(t, app, 'admin');
  const company = await createCompany(app, partner);
  await page.goto(`${app.baseUrl}/portal/companies/${company.id}/branding`);
  await checkPage(page, 'branding');
  await page.getByLabel('Accent colour').fill('#7a3e9d');
  await page
    .getByLabel(/New logo/)
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: SAMPLE_FILES.png });
  await page.getByRole('button', { name: 'Save branding' }).click();
  await page.getByText('Branding saved.').waitFor();
  assert.equal(await page.locator('#current-colour').textContent(), '#7a3e9d');
  assert.equal(await page.locator('#current-logo img').count(), 1);
  await checkPage(page, 'branding-saved');

  // A merchant of another partner, branded through the API: its customer's payment page.
  const m = await merchant(app, { partnerName: 'Shop Partner' });
  const put = await http(app, 'PUT', `/partner/v1/companies/${m.companyId}/branding`, {
    headers: m.partner.partnerHeaders,
    body: { accentColour: '#ffd700' },
  });
  assert.equal(put.status, 200, put.text);
  const created = await http(app, 'POST', '/merchant/v1/payments/process', {
    headers: m.headers,
    body: paymentBody(),
  });
  const link: string = created.json().result.link;
  for (const locale of ['en-GB', 'cy-GB']) {
    const customer = await page.context().browser()!.newPage({ viewport: PHONE, locale });
    await customer.goto(link);
    assert.equal(await customer.locator('#brand-name').count(), 1);
    const accent = await customer.evaluate(
      'getComputedStyle(document.documentElement).getPropertyValue("--brand-accent").trim()',
    );
    assert.equal(accent, '#ffd700');
    assert.match(
      (await customer.locator('#brand-footer').textContent()) ?? '',
      locale === 'cy-GB' ? /Ffôn/ : /Phone/,
    );
    assert.deepEqual(await axeViolations(customer), [], `axe on the branded payment page (${locale})`);
    await screenshot(customer, 'pages', `branded-payment-${locale}-phone`);
    await customer.setViewportSize(DESKTOP);
    await screenshot(customer, 'pages', `branded-payment-${locale}-desktop`);
    await customer.close();
  }
});
