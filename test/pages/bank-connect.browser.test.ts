// Connect via app in a real browser (Debian's chromium): the merchant picks the bank on the service's
// page, approves at the sandbox bank, and comes back to the result page; the partner's webhook arrives.
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { test } from 'node:test';
import { chromium } from 'playwright-core';
import { drainOutbox } from '../../src/workers/dispatcher.js';
import { accountsUrl } from '../helpers/bank-accounts.js';
import { connectWorld } from '../helpers/bank-connect.js';

const SHOTS = 'test-results';

test('a merchant connects two accounts by clicking through the picker and the bank', async (t) => {
  const world = await connectWorld(t);
  const { http, partner, companyId, app, customer } = world;
  const started = await http('POST', accountsUrl(companyId, '/connect'), partner.terminalHeaders, {});
  assert.equal(started.status, 200);
  const picker = started.json.data.authUri as string;

  await mkdir(SHOTS, { recursive: true });
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

  await page.goto(picker);
  assert.equal(await page.locator('#status').getAttribute('data-status'), 'open');
  await page.screenshot({ path: `${SHOTS}/bank-connect-1-picker.png`, fullPage: true });
  await page.getByRole('button', { name: 'Sandbox Bank' }).click();
  await page.waitForURL((url) => url.pathname === '/sandbox-bank/authorize');
  await page.selectOption('#customer_id', customer.id);
  await page.screenshot({ path: `${SHOTS}/bank-connect-2-bank.png`, fullPage: true });
  await page.getByRole('button', { name: 'Approve' }).click();
  await page.waitForURL((url) => url.pathname === '/public/v1/bank-accounts/return');
  assert.equal(await page.locator('#status').getAttribute('data-status'), 'connected');
  assert.equal(await page.locator('#accounts tbody tr').count(), 2);
  assert.match(await page.locator('#accounts').innerText(), /Acme current/);
  await page.screenshot({ path: `${SHOTS}/bank-connect-3-connected.png`, fullPage: true });

  await page.reload();
  assert.equal(
    await page.locator('#status').getAttribute('data-status'),
    'error',
    'a reload does not connect twice',
  );

  const list = await http('GET', accountsUrl(companyId), partner.terminalHeaders);
  assert.deepEqual(
    list.json.data.docs.map((d: { creationType: string; status: string }) => [d.creationType, d.status]),
    [
      ['data_api', 'verified'],
      ['data_api', 'verified'],
    ],
  );
  await drainOutbox(app.deps);
  await world.receiver.waitForAcknowledged(4);
  const hooks = world.receiver.received.filter((r) => r.path === '/partner');
  assert.ok(hooks.every((h) => h.verified));
  assert.equal(hooks.filter((h) => h.body.eventName === 'status-update').length, 2);
});
