// The customer's authorisation page at the sandbox bank, as a browser would use it (GET the page,
// POST the form), without a browser.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { answerOf, type BankWorld, BOB, bankWorld, MERCHANT } from '../../helpers/sandbox-bank.js';

const path = (w: BankWorld, url: string) => url.slice(w.baseUrl.length);

function formOf(html: string): URLSearchParams {
  const form = new URLSearchParams();
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    form.set(
      m[1] as string,
      (m[2] as string).replaceAll('&amp;', '&').replaceAll('&#39;', "'").replaceAll('&quot;', '"'),
    );
  }
  return form;
}

test('the page shows payee, amount and reference; Approve pays from the chosen account', async (t) => {
  const w = await bankWorld(t);
  const consent = await w.bank.createPaymentConsent({
    amount: 4_250,
    reference: 'INV-PAGE',
    instructionId: 'page-1',
    creditor: { ...MERCHANT, name: 'Acme <script>alert(1)</script>' },
    redirectUri: w.redirectUri,
    state: 'page-state',
    idempotencyKey: 'page-1',
  });
  const page = await w.call({ method: 'GET', url: path(w, consent.authorizationUrl) });
  assert.equal(page.statusCode, 200);
  assert.match(String(page.headers['content-type']), /text\/html/);
  assert.equal(page.headers['cache-control'], 'no-store');
  assert.match(page.body, /£42\.50/);
  assert.match(page.body, /INV-PAGE/);
  assert.match(
    page.body,
    /Acme &lt;script&gt;alert\(1\)&lt;\/script&gt; \(sort code 40-12-34, account 12345678\)/,
  );
  assert.ok(!page.body.includes('<script>alert'), 'every value is escaped');
  assert.match(page.body, />Approve</);
  assert.match(page.body, />Reject</);
  const savings = (await w.accounts()).find((a) => a.name === 'Bob Jones Savings');
  assert.ok(savings);
  assert.match(page.body, new RegExp(`<option value="${savings.id}">Bob Jones Savings`));

  const form = formOf(page.body);
  form.set('decision', 'approve');
  form.set('account_id', savings.id);
  const decided = await w.call({
    method: 'POST',
    url: '/sandbox-bank/authorize',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form.toString(),
  });
  assert.equal(decided.statusCode, 303, decided.body);
  const back = new URL(String(decided.headers.location));
  assert.equal(`${back.origin}${back.pathname}`, w.redirectUri);
  assert.equal(back.search, '', 'the hybrid flow answers in the fragment');
  const { code } = answerOf(back, 'page-state');

  await w.bank.completeAuthorisation({ consentId: consent.consentId, code, redirectUri: w.redirectUri });
  const paid = await w.bank.submitPayment({ consentId: consent.consentId, idempotencyKey: 'page-pay' });
  assert.deepEqual(paid.debtor, { sortCode: '990001', accountNumber: '10000003', name: 'Bob Jones Savings' });
  assert.equal(await w.balance({ ...BOB, accountNumber: '10000003' }), 2_000_000 - 4_250);

  const again = await w.call({ method: 'GET', url: path(w, consent.authorizationUrl) });
  assert.equal(again.statusCode, 409);
  assert.match(again.body, /no longer awaiting authorisation/);
});

test('Reject goes back with error=access_denied; account access asks whose accounts to share', async (t) => {
  const w = await bankWorld(t);
  const consent = await w.bank.createAccountAccessConsent({
    expiresAt: new Date(w.clock.now().getTime() + 90 * 86_400_000).toISOString(),
    redirectUri: w.redirectUri,
    state: 'ais-page',
  });
  const page = await w.call({ method: 'GET', url: path(w, consent.authorizationUrl) });
  assert.equal(page.statusCode, 200);
  assert.match(page.body, /Share your account information/);
  assert.match(page.body, /ReadTransactionsDetail/);
  assert.match(page.body, /<select id="customer_id" name="customer_id">/);
  const form = formOf(page.body);
  form.set('decision', 'reject');
  const decided = await w.call({
    method: 'POST',
    url: '/sandbox-bank/authorize',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form.toString(),
  });
  assert.equal(decided.statusCode, 303);
  const back = new URL(String(decided.headers.location));
  const answer = new URLSearchParams(back.hash.slice(1));
  assert.equal(answer.get('error'), 'access_denied');
  assert.equal(answer.get('state'), 'ais-page');
  assert.equal((await w.bank.getAccountAccessConsent(consent.consentId)).status, 'rejected');
});

test('a refund consent names the paying account: the page shows it and offers no choice', async (t) => {
  const w = await bankWorld(t);
  const consent = await w.bank.createPaymentConsent({
    amount: 100,
    reference: 'REFUND-1',
    instructionId: 'refund-page',
    creditor: MERCHANT,
    debtor: BOB,
    redirectUri: w.redirectUri,
    state: 'r',
    idempotencyKey: 'refund-page',
  });
  const page = await w.call({ method: 'GET', url: path(w, consent.authorizationUrl) });
  assert.equal(page.statusCode, 200);
  assert.match(page.body, /<th scope="row">From<\/th><td>Bob Jones: 99-00-01 10000002/);
  assert.ok(!page.body.includes('name="account_id"'));
});

test('a broken authorisation request shows an error page, never a redirect', async (t) => {
  const w = await bankWorld(t);
  const res = await w.call({
    method: 'GET',
    url: '/sandbox-bank/authorize?response_type=code%20id_token&client_id=paybank',
  });
  assert.equal(res.statusCode, 400);
  assert.equal(res.headers.location, undefined);
  assert.match(res.body, /cannot be authorised/);
  const codeOnly = await w.call({
    method: 'GET',
    url: '/sandbox-bank/authorize?response_type=code&client_id=paybank',
  });
  assert.equal(codeOnly.statusCode, 400);
  assert.match(codeOnly.body, /must be code id_token/);
  const unknown = await w.call({
    method: 'GET',
    url: '/sandbox-bank/authorize?response_type=code%20id_token&client_id=someone',
  });
  assert.equal(unknown.statusCode, 400);
  assert.match(unknown.body, /not a client of this bank/);
});
