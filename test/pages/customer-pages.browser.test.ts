// Every customer page and state in Debian's chromium (issue 17's checks): on a phone (390x844) and a
// desktop (1280x800), in English and in Welsh, each with axe-core's 0 violations and a screenshot
// under test-results/customer-pages/; the formats each page shows; and the completion notice: a link
// page left open on the desktop shows the payment made through the sandbox controls. One app and one
// browser for the file, one page per viewport and language, reused.
import assert from 'node:assert/strict';
import { after, before, describe, type TestContext, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { axeViolations } from '../helpers/axe.js';
import { accountsUrl } from '../helpers/bank-accounts.js';
import { type ConnectWorld, connectWorld } from '../helpers/bank-connect.js';
import { launchChromium, screenshot } from '../helpers/browser.js';
import { createPartner } from '../helpers/fixtures.js';
import { type Merchant, merchant, paymentBody } from '../helpers/merchant.js';
import { createPartnerCompany } from '../helpers/partner-companies.js';
import { http, paidPayment, payAtSandbox, tokenOf } from '../helpers/payment-flow.js';
import { decideAtSandbox, initiateRecurring, recurringBody } from '../helpers/recurring.js';

// One suite, so that its hooks are the file's own (scripts/test.mjs runs several files in one process).
describe('the customer pages in chromium, one app and one browser', () => {
  const cleanups: Array<() => unknown> = [];
  after(async () => {
    for (const cleanup of cleanups) await cleanup();
  });
  const fileContext = { after: (fn: () => unknown) => cleanups.unshift(fn) } as unknown as TestContext;

  let world: ConnectWorld;
  let m: Merchant;
  let browser: Browser;
  const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } };
  const pages = new Map<string, Page>();

  before(async () => {
    world = await connectWorld(fileContext);
    m = await merchant(world.app, { integration: { servicePaymentPageRedirectEnabled: true } });
    browser = await launchChromium(fileContext);
    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      for (const lang of ['en', 'cy']) {
        const context = await browser.newContext({
          viewport,
          ...(name === 'phone' ? { isMobile: true, hasTouch: true } : {}),
          extraHTTPHeaders: { 'accept-language': lang === 'cy' ? 'cy-GB,cy;q=0.9' : 'en-GB,en;q=0.9' },
        });
        pages.set(`${name}-${lang}`, await context.newPage());
      }
    }
  });

  async function created(body: Record<string, unknown>) {
    const res = await http(world.app, 'POST', '/merchant/v1/payments/process', {
      headers: m.headers,
      body: paymentBody(body),
    });
    assert.equal(res.status, 200, res.text);
    return res.json().result as { id: string; link: string };
  }

  /** Every customer page and state, by name: its address (relative to the app). */
  async function customerPages(): Promise<Record<string, string>> {
    const app = world.app;
    const open = await created({
      type: 'link',
      amount: '123456.78',
      dueDate: '2030-12-01',
      invoiceRefNumber: 'INV-1',
    });
    const paid = await paidPayment(app, m, { amount: '1500.00' });
    const declined = await created({ type: 'link', amount: '30.00' });
    const cancelledAt = await payAtSandbox(app, 'payment', declined.link, 'reject');
    const settled = await created({ type: 'link', amount: '45.00' });
    const settledAt = await payAtSandbox(app, 'payment', settled.link, 'approve');
    const refund = await http(app, 'POST', `/merchant/v1/payments/${paid.id}/refund`, {
      headers: m.headers,
      body: {
        amount: '1250.75',
        payeeAccountInfo: { name: 'Alice Smith', identification: '123456', externalAccountId: '87654321' },
      },
    });
    assert.equal(refund.status, 200, refund.text);
    const refundLink: string = refund.json().result.refundLink;
    const refundedAt = await payAtSandbox(app, 'refund', refundLink, 'approve');
    const paidAgain = await paidPayment(app, m, { amount: '20.00' });
    const openRefund = await http(app, 'POST', `/merchant/v1/payments/${paidAgain.id}/refund`, {
      headers: m.headers,
      body: { amount: '20.00' },
    });
    assert.equal(openRefund.status, 200, openRefund.text);
    const recurring = await http(app, 'POST', '/merchant/v1/recurring-payments/send', {
      headers: m.headers,
      body: recurringBody({ recurringAmount: '1500.00' }),
    });
    assert.equal(recurring.status, 201, recurring.text);
    const rLink: string = recurring.json().result.qrCodeData;
    const stopped = await http(app, 'POST', '/merchant/v1/recurring-payments/send', {
      headers: m.headers,
      body: recurringBody(),
    });
    const rResult = await decideAtSandbox(
      app,
      await initiateRecurring(app, stopped.json().result.qrCodeData),
      'reject',
    );
    const connect = await world.http(
      'POST',
      accountsUrl(world.companyId, '/connect'),
      world.partner.terminalHeaders,
      {},
    );
    const partner = await createPartner(app);
    const company = await createPartnerCompany(app, partner);
    const path = (url: string) =>
      url.startsWith('/') ? url : url.slice(url.indexOf('/', url.indexOf('//') + 2));
    return {
      'payment-open': `/p?=${tokenOf(open.link)}`,
      'payment-search': `/p?token=${tokenOf(open.link)}&bank=zzz`,
      'payment-paid': `/p?=${tokenOf(paid.link)}`,
      'payment-not-found': `/p?=${'A'.repeat(32)}`,
      transfer: `/p/transfer?=${tokenOf(open.link)}`,
      'result-settled': path(settledAt.location),
      'result-cancelled': path(cancelledAt.location),
      'refund-open': path(openRefund.json().result.refundLink),
      'refund-result': path(refundedAt.location),
      'refund-done': path(refundLink),
      recurring: path(rLink),
      'recurring-result': path(rResult),
      'bank-connect': path(connect.json.data.authUri as string),
      verification: path(company.officers[0]?.verificationUrl as string),
    };
  }

  test('every customer page and state, on a phone and a desktop, in English and Welsh: no axe violations', async () => {
    const all = await customerPages();
    // The four viewport-and-language pages go through the list side by side: the browser is one.
    await Promise.all(
      [...pages].map(async ([key, page]) => {
        const lang = key.endsWith('-cy') ? 'cy' : 'en';
        for (const [name, url] of Object.entries(all)) {
          await page.goto(`${world.app.baseUrl}${url}`);
          assert.equal(await page.getAttribute('html', 'lang'), lang, `${name} ${key}`);
          const overflow = Number(
            await page.evaluate('document.documentElement.scrollWidth - window.innerWidth'),
          );
          assert.ok(overflow <= 0, `${name} ${key}: no sideways scrolling (${overflow}px)`);
          await screenshot(page, 'customer-pages', `${name}-${key}`);
          const violations = await axeViolations(page);
          assert.deepEqual(violations, [], `${name} ${key}: ${JSON.stringify(violations)}`);
        }
      }),
    );
  });

  test('formats on the pages in both languages: money with separators, dates in words, sort codes in pairs', async () => {
    const open = await created({ type: 'link', amount: '123456.78', dueDate: '2030-12-01' });
    const english = pages.get('desktop-en') as Page;
    const welsh = pages.get('desktop-cy') as Page;
    await english.goto(`${world.app.baseUrl}/p?=${tokenOf(open.link)}`);
    assert.equal(await english.locator('#amount').textContent(), '£123,456.78');
    assert.equal(await english.locator('#due-date').textContent(), '1 December 2030');
    await welsh.goto(`${world.app.baseUrl}/p?=${tokenOf(open.link)}`);
    assert.equal(await welsh.locator('#amount').textContent(), '£123,456.78');
    assert.equal(await welsh.locator('#due-date').textContent(), '1 Rhagfyr 2030');
    await welsh.goto(`${world.app.baseUrl}/p/transfer?=${tokenOf(open.link)}`);
    assert.equal(await welsh.locator('#sort-code').textContent(), '04-00-04');

    const recurring = await http(world.app, 'POST', '/merchant/v1/recurring-payments/send', {
      headers: m.headers,
      body: recurringBody({ recurringAmount: '2500.00' }),
    });
    await welsh.goto(recurring.json().result.qrCodeData);
    assert.equal(await welsh.locator('#first-date').textContent(), '31 Mawrth 2027');
    assert.match((await welsh.locator('#amount').textContent()) ?? '', /^£2,500\.00 bob mis$/);
  });

  test('the bank search filters as the customer types, and the switch changes the language', async () => {
    const open = await created({ type: 'link', amount: '5.00' });
    const page = pages.get('phone-en') as Page;
    await page.goto(`${world.app.baseUrl}/p?=${tokenOf(open.link)}`);
    await page.locator('#bank-search').fill('nothing like it');
    await page.locator('#no-bank').waitFor({ state: 'visible' });
    assert.equal(await page.locator('li[data-bank-name="Sandbox Bank"]').isHidden(), true);
    await page.locator('#bank-search').fill('sand');
    await page.locator('li[data-bank-name="Sandbox Bank"]').waitFor({ state: 'visible' });
    await page.locator('#lang-switch').click();
    await page.waitForURL((url) => url.pathname === '/p');
    assert.equal(await page.getAttribute('html', 'lang'), 'cy');
    await page.locator('#lang-switch').click();
    await page.waitForURL((url) => url.pathname === '/p');
    assert.equal(await page.getAttribute('html', 'lang'), 'en');
  });

  test('a link page open on the desktop shows the payment made on the phone (the sandbox controls)', async () => {
    const open = await created({ type: 'link', amount: '19.99' });
    const page = pages.get('desktop-en') as Page;
    await page.goto(`${world.app.baseUrl}/p?=${tokenOf(open.link)}`);
    assert.equal(await page.locator('#phone-qr').isVisible(), true, 'the QR code on a large screen');
    assert.equal(await page.locator('#status').getAttribute('data-status'), 'sent');
    await payAtSandbox(world.app, 'payment', open.link, 'approve');
    await page.locator('#status[data-status="paid"]').waitFor({ timeout: 15_000 });
    assert.equal(await page.locator('#status').textContent(), 'This payment has been made. Thank you.');
    await screenshot(page, 'customer-pages', 'completion-notice-desktop-en');
    const phone = pages.get('phone-en') as Page;
    const other = await created({ type: 'link', amount: '1.00' });
    await phone.goto(`${world.app.baseUrl}/p?=${tokenOf(other.link)}`);
    assert.equal(await phone.locator('#phone-qr').isVisible(), false, 'no QR code on the phone itself');
  });
});
