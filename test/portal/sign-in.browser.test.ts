// People and sign-in in a real browser (Debian's chromium): invitation -> password -> sign-in ->
// two-factor set-up -> a second sign-in with a code. axe-core checks every page on the way, and each
// is photographed at phone and desktop sizes under test-results/portal/.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { totpCode } from '../../src/domain/portal/totp.js';
import { axeViolations } from '../helpers/axe.js';
import { launchChromium, screenshot } from '../helpers/browser.js';
import { createPartner } from '../helpers/fixtures.js';
import { buildListeningApp } from '../helpers/listening-app.js';
import { invite } from '../helpers/portal.js';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** Checks the page with axe (0 violations) and saves it at both sizes. */
async function check(page: Page, name: string): Promise<void> {
  assert.deepEqual(await axeViolations(page), [], `axe on ${name}`);
  await page.setViewportSize(PHONE);
  await screenshot(page, 'portal', `${name}-phone`);
  await page.setViewportSize(DESKTOP);
  await screenshot(page, 'portal', `${name}-desktop`);
}

test('invitation, password, sign-in, two-factor set-up and a sign-in with a code', async (t) => {
  const app = await buildListeningApp(t);
  const partner = await createPartner(app, 'Acme Payments');
  const invited = await invite(app, partner.id, 'ada@acme.example', 'owner');
  const browser = await launchChromium(t);
  const page = await browser.newPage({ viewport: DESKTOP });

  await page.goto(invited.inviteUrl);
  await check(page, 'invite');
  await page.getByLabel('Password').fill('correct horse battery');
  await page.getByRole('button', { name: 'Set password' }).click();
  await page.waitForURL(/\/portal\/login\?welcome=1$/);
  await check(page, 'sign-in');

  await page.getByLabel('Email').fill('ada@acme.example');
  await page.getByLabel('Password').fill('correct horse battery');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/portal$/);
  assert.equal(await page.locator('#partner-name').textContent(), 'Acme Payments');
  await check(page, 'overview');

  await page.getByRole('link', { name: 'People' }).click();
  await page.waitForURL(/\/portal\/people$/);
  await check(page, 'people');

  await page.getByRole('link', { name: 'ada@acme.example' }).click();
  await check(page, 'account');
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  assert.equal(await page.getByRole('img', { name: /QR code/ }).count(), 1);
  await check(page, 'two-factor');
  const secret = (await page.locator('#totp-secret').textContent())!.trim();
  await page.getByLabel('Code', { exact: true }).fill(totpCode(secret, app.clock.now()));
  await page.getByRole('button', { name: 'Turn on' }).click();
  assert.equal(await page.locator('#recovery-codes li').count(), 10);
  await check(page, 'recovery-codes');

  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL(/\/portal\/login$/);
  await page.getByLabel('Email').fill('ada@acme.example');
  await page.getByLabel('Password').fill('correct horse battery');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/portal\/login\/code$/);
  await check(page, 'sign-in-code');
  await page.getByLabel('Code', { exact: true }).fill(totpCode(secret, app.clock.now()));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL(/\/portal$/);
  assert.equal(await page.locator('#partner-name').textContent(), 'Acme Payments');

  const cookies = await page.context().cookies();
  const session = cookies.find((c) => c.name === 'pb_portal');
  assert.ok(session?.httpOnly);
  assert.equal(session?.sameSite, 'Lax');

  await page.goto(`${app.baseUrl}/portal/password/forgot`);
  await check(page, 'forgot-password');
  await page.goto(`${app.baseUrl}/portal/no-such-page`);
  await check(page, 'not-found');
});
