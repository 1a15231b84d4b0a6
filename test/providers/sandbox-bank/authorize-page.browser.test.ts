// The sandbox bank's authorisation page in a real browser (Debian's chromium): the customer picks the
// account to pay from, clicks Approve, and the browser lands back on the service with code and state.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { launchChromium } from '../../helpers/browser.js';
import { answerOf, bankWorld, MERCHANT } from '../../helpers/sandbox-bank.js';

test('a customer approves a payment at the sandbox bank in a browser', async (t) => {
  const w = await bankWorld(t);
  const consent = await w.bank.createPaymentConsent({
    amount: 1_999,
    reference: 'BROWSER-1',
    instructionId: 'browser-1',
    creditor: MERCHANT,
    redirectUri: w.redirectUri,
    state: 'browser-state',
    idempotencyKey: 'browser-1',
  });
  // launchChromium's close comes after the app's (after-hooks run in the order they were added); the
  // test app closes its connections, so a request the browser still holds cannot keep that close waiting.
  const browser = await launchChromium(t);
  const page = await browser.newPage();
  await page.goto(consent.authorizationUrl);
  assert.match(await page.title(), /Sandbox Bank: Approve a payment/);
  assert.match(await page.locator('table').innerText(), /£19\.99/);
  const carol = (await w.accounts()).find((a) => a.name === 'Carol Lowe');
  assert.ok(carol);
  await page.getByLabel('Pay from').selectOption(carol.id);
  // The bank answers in the fragment; paybank's return page posts it back to the same path.
  const [posted] = await Promise.all([
    page.waitForRequest((r) => r.method() === 'POST' && r.url() === w.redirectUri),
    page.getByRole('button', { name: 'Approve' }).click(),
  ]);
  const back = new URL(`${w.redirectUri}#${posted.postData() ?? ''}`);
  const { code } = answerOf(back, 'browser-state');
  await w.bank.completeAuthorisation({ consentId: consent.consentId, code, redirectUri: w.redirectUri });
  const payment = await w.bank.submitPayment({ consentId: consent.consentId, idempotencyKey: 'browser-pay' });
  assert.equal(payment.debtor?.name, 'Carol Lowe');
  assert.equal((await w.bank.getPayment(payment.paymentId)).status, 'rejected', 'Carol holds 5.00');
});
