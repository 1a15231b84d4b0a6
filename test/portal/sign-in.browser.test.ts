// People and sign-in in a real browser (Debian's chromium): invitation -> password -> sign-in ->
// two-factor set-up -> a second sign-in with a code. axe-core checks every page on the way, and each
// is photographed at phone and desktop sizes under test-results/portal/.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { totpCode } from '../../src/domain/portal/totp.js';
import { launchChromium } from '../helpers/browser.js';
import { createPartner } from '../helpers/fixtures.js';
import { buildListeningApp } from '../helpers/listening-app.js';
import { queuedEmails } from '../helpers/partner-companies.js';
import { invite } from '../helpers/portal.js';
import { checkPage, DESKTOP } from '../helpers/portal-browser.js';

test('invitation, password, sign-in, two-factor set-up and a sign-in with a code', async (t) => {
  const app = await buildListeningApp(t);
  const partner = await createPartner(app, 'Acme Payments');
  const invited = await invite(app, partner.id, 'ada@acme.example', 'owner');
  const browser = await launchChromium(t);
  const page = await browser.newPage({ viewport: DESKTOP });

  await page.goto(invited.inviteUrl);
  await checkPage(page, 'invite');
  await page.getByLabel('Password').fill('correct horse battery');
  await page.getByRole('button', { name: 'Set password' }).click();
  await page.waitForURL(/\/portal\/login\?welcome=1$/);
  await checkPage(page, 'sign-in');

  await page.getByLabel('Email').fill('ada@acme.example');
  await page.getByLabel('Password').fill('correct horse battery');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/portal$/);
  assert.equal(await page.locator('#partner-name').textContent(), 'Acme Payments');
  await checkPage(page, 'overview');

  await page.getByRole('link', { name: 'People' }).click();
  await page.waitForURL(/\/portal\/people$/);
  await checkPage(page, 'people');

  await page.getByRole('link', { name: 'ada@acme.example' }).click();
  await checkPage(page, 'account');
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  assert.equal(await page.getByRole('img', { name: /QR code/ }).count(), 1);
  await checkPage(page, 'two-factor');
  const secret = (await page.locator('#totp-secret').textContent())!.trim();
  await page.getByLabel('Code', { exact: true }).fill(totpCode(secret, app.clock.now()));
  await page.getByRole('button', { name: 'Turn on' }).click();
  assert.equal(await page.locator('#recovery-codes li').count(), 10);
  await checkPage(page, 'recovery-codes');

  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL(/\/portal\/login$/);
  // A code is good once: the one that confirmed the set-up cannot sign in, the next period's can.
  app.clock.advance(30_000);
  await page.getByLabel('Email').fill('ada@acme.example');
  await page.getByLabel('Password').fill('correct horse battery');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/portal\/login\/code$/);
  await checkPage(page, 'sign-in-code');
  await page.getByLabel('Code', { exact: true }).fill(totpCode(secret, app.clock.now()));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL(/\/portal$/);
  assert.equal(await page.locator('#partner-name').textContent(), 'Acme Payments');

  const cookies = await page.context().cookies();
  const session = cookies.find((c) => c.name === 'pb_portal');
  assert.ok(session?.httpOnly);
  assert.equal(session?.sameSite, 'Lax');

  await page.getByRole('link', { name: 'Audit log' }).click();
  await page.waitForURL(/\/portal\/audit$/);
  assert.ok(
    (await page.locator('#audit tr').count()) >= 4,
    'the sign-ins and the two-factor set-up are logged',
  );
  await checkPage(page, 'audit');

  await page.goto(`${app.baseUrl}/portal/password/forgot`);
  await checkPage(page, 'forgot-password');
  await page.getByLabel('Email').fill('ada@acme.example');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await page.locator('#message').waitFor();
  const mail = (await queuedEmails(app)).at(-1)!;
  const resetUrl = /http:\/\/\S+\/portal\/reset\/\S+/.exec(mail.text)?.[0];
  assert.ok(resetUrl, 'the reset link was e-mailed');
  await page.goto(resetUrl.replace(/^http:\/\/[^/]+/, app.baseUrl));
  await checkPage(page, 'reset-password');
  await page.goto(`${app.baseUrl}/portal/no-such-page`);
  await checkPage(page, 'not-found');
});
