// The portal in Debian's chromium: an invited person signs in; every page checked with axe and
// photographed at phone and desktop sizes under test-results/portal/.
import assert from 'node:assert/strict';
import type { TestContext } from 'node:test';
import type { Page } from 'playwright-core';
import { axeViolations } from './axe.js';
import { launchChromium, screenshot } from './browser.js';
import { createPartner, type Partner } from './fixtures.js';
import type { ListeningApp } from './listening-app.js';
import { invite, PASSWORD } from './portal.js';

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/** Checks the page with axe (0 violations) and saves it at both sizes. */
export async function checkPage(page: Page, name: string): Promise<void> {
  // A click's navigation may still be loading: axe on a document being replaced fails (seen once).
  await page.waitForLoadState('load');
  assert.deepEqual(await axeViolations(page), [], `axe on ${name}`);
  await page.setViewportSize(PHONE);
  await screenshot(page, 'portal', `${name}-phone`);
  await page.setViewportSize(DESKTOP);
  await screenshot(page, 'portal', `${name}-desktop`);
}

/** A partner and a browser page signed in to its portal as an owner. */
export async function signedInPage(
  t: TestContext,
  app: ListeningApp,
  role = 'owner',
): Promise<{ page: Page; partner: Partner }> {
  const partner = await createPartner(app, 'Acme Payments');
  const email = `${role}@acme.example`;
  const invited = await invite(app, partner.id, email, role);
  const browser = await launchChromium(t);
  const page = await browser.newPage({ viewport: DESKTOP });
  await page.goto(invited.inviteUrl);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Set password' }).click();
  await page.waitForURL(/\/portal\/login/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/portal$/);
  return { page, partner };
}
