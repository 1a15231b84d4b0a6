// The customer pages' bank picker, language and status route (issue 17, items 1, 3 and 4), through
// HTTP on one app: logos from configuration and initials badges, an unavailable bank shown but not
// offered, the GET search, the last bank remembered and forgotten, the language switch and
// Accept-Language, and the status route an open page polls.
import assert from 'node:assert/strict';
import { after, before, describe, type TestContext, test } from 'node:test';
import { bankFiles } from '../helpers/bank-config.js';
import { buildListeningApp, type ListeningApp } from '../helpers/listening-app.js';
import { type Merchant, merchant, paymentBody } from '../helpers/merchant.js';
import { http, tokenOf } from '../helpers/payment-flow.js';
import { recurringBody } from '../helpers/recurring.js';

// One suite, so that its hooks are the file's own (scripts/test.mjs runs several files in one process).
describe('the bank picker, the languages and the status route, on one app', () => {
  let app: ListeningApp;
  let m: Merchant;
  const cleanups: Array<() => unknown> = [];
  after(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  async function sentLink(): Promise<string> {
    const res = await http(app, 'POST', '/merchant/v1/payments/process', {
      headers: m.headers,
      body: paymentBody({ type: 'link', amount: '12.00' }),
    });
    assert.equal(res.status, 200, res.text);
    return tokenOf(res.json().result.link);
  }

  const form = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${app.baseUrl}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(fields).toString(),
    });

  before(async () => {
    const files = await bankFiles();
    const bank = (id: string, name: string, extra: Record<string, unknown>) => ({
      id,
      name,
      baseUrl: `https://api.${id}.example`,
      clientId: 'paybank',
      ...files,
      ...extra,
    });
    // One app for the whole file (CI's time budget), closed after its last test.
    const fileContext = { after: (fn: () => unknown) => cleanups.unshift(fn) };
    app = await buildListeningApp(fileContext as unknown as TestContext, {
      OPEN_BANKING_PROVIDERS: JSON.stringify([
        bank('ob-logobank', 'Logo Bank', { logoUrl: 'https://logos.example/logo-bank.svg' }),
        bank('ob-downbank', 'Down Bank', { available: false }),
      ]),
    });
    m = await merchant(app);
  });

  test('each bank shows its logo or an initials badge; an unavailable bank is shown but not offered', async () => {
    const token = await sentLink();
    const page = await http(app, 'GET', `/p?=${token}`);
    assert.equal(page.status, 200, page.text);
    assert.match(page.text, /<img class="logo" src="https:\/\/logos\.example\/logo-bank\.svg" alt=""/);
    assert.match(page.text, /<span class="logo badge-\d" aria-hidden="true">SB<\/span>/);
    const img = (page.headers.get('content-security-policy') ?? '')
      .split(';')
      .find((d) => d.startsWith('img-src'));
    assert.equal(img, "img-src 'self' data: https://logos.example");
    assert.match(
      page.text,
      /data-provider="ob-downbank" disabled>[\s\S]*?Down Bank[\s\S]*?Unavailable right now/,
    );
    assert.doesNotMatch(page.text, /data-provider="ob-logobank" disabled/);

    // A forged choice of the unavailable bank is refused on the page; nothing starts at a bank.
    const forged = await form('/p', { token, provider: 'ob-downbank' });
    assert.equal(forged.status, 503);
    assert.match(await forged.text(), /This bank is not available right now/);
    const payment = await http(app, 'GET', `/public/v1/payments/${token}/status`);
    assert.deepEqual(payment.json(), { status: 'sent' });
  });

  test('the search works as a plain GET: only matching banks, the transfer option, and "show all"', async () => {
    const token = await sentLink();
    const found = await http(app, 'GET', `/p?token=${token}&bank=LOGO`);
    assert.equal(found.status, 200, found.text);
    assert.match(found.text, /data-provider="ob-logobank"/);
    assert.doesNotMatch(found.text, /data-provider="ob-sandbox"/);
    assert.match(found.text, /data-provider="other"/, 'paying by transfer stays possible');
    assert.match(found.text, /id="bank-search" name="bank" value="LOGO"/);
    assert.match(found.text, new RegExp(`id="show-all" href="/p\\?=${token}"`));
    const none = await http(app, 'GET', `/p?token=${token}&bank=${encodeURIComponent('<zz>')}`);
    assert.match(none.text, /id="no-bank" role="status"[^>]*>No bank matches “&lt;zz&gt;”/);
  });

  test('the last bank chosen is remembered on the device, first in the list, and can be forgotten', async () => {
    const token = await sentLink();
    const chosen = await form('/p', { token, provider: 'ob-sandbox' });
    assert.equal(chosen.status, 303);
    const cookie = chosen.headers.getSetCookie().find((c) => c.startsWith('paybank_bank='));
    assert.match(
      cookie ?? '',
      /^paybank_bank=ob-sandbox; Max-Age=31536000; Path=\/; SameSite=Lax; HttpOnly$/,
    );

    const next = await sentLink();
    const page = await http(app, 'GET', `/p?=${next}`, { headers: { cookie: 'paybank_bank=ob-logobank' } });
    const order = [...page.text.matchAll(/data-provider="([^"]+)"/g)].map((x) => x[1]);
    assert.deepEqual(order, ['ob-logobank', 'ob-sandbox', 'ob-downbank', 'other']);
    assert.match(page.text, /data-provider="ob-logobank">[\s\S]*?data-last-used>Last used</);
    assert.match(page.text, /id="forget-bank"/);

    const forgot = await form('/public/v1/last-bank/forget', { back: `/p?=${next}` });
    assert.equal(forgot.status, 303);
    assert.equal(forgot.headers.get('location'), `/p?=${next}`);
    assert.match(forgot.headers.getSetCookie()[0] ?? '', /^paybank_bank=; Max-Age=0;/);
    // Never sent elsewhere: only a path of this service.
    for (const back of ['//evil.example/x', 'https://evil.example', '/\\evil.example']) {
      const answer = await form('/public/v1/last-bank/forget', { back });
      assert.equal(answer.headers.get('location'), '/', back);
    }
  });

  test('the pages speak Welsh from Accept-Language or the switch; the choice outranks the browser', async () => {
    const token = await sentLink();
    const english = await http(app, 'GET', `/p?=${token}`);
    assert.match(english.text, /<html lang="en">/);
    assert.match(
      english.text,
      /id="lang-switch" href="\/public\/v1\/language\?lang=cy&amp;back=[^"]+" hreflang="cy"/,
    );

    const browser = await http(app, 'GET', `/p?=${token}`, {
      headers: { 'accept-language': 'cy;q=0.9, en;q=0.8' },
    });
    assert.match(browser.text, /<html lang="cy">/);
    assert.match(browser.text, /Dewiswch eich banc/);
    assert.match(browser.text, /<dt>Cyfeirnod<\/dt>/);

    const switched = await http(
      app,
      'GET',
      `/public/v1/language?lang=cy&back=${encodeURIComponent(`/p?=${token}`)}`,
    );
    assert.equal(switched.status, 303);
    assert.equal(switched.headers.get('location'), `/p?=${token}`);
    assert.match(switched.headers.get('set-cookie') ?? '', /^paybank_lang=cy; Max-Age=31536000; Path=\//);
    const chosen = await http(app, 'GET', `/p?=${token}`, {
      headers: { cookie: 'paybank_lang=en', 'accept-language': 'cy' },
    });
    assert.match(chosen.text, /<html lang="en">/);
    const bad = await http(app, 'GET', '/public/v1/language?lang=fr&back=/');
    assert.equal(bad.status, 400);
    assert.match(bad.headers.get('content-type') ?? '', /problem\+json/);
  });

  test('the status route answers only the status of a link, 404 for unknown ones; recurring links too', async () => {
    const token = await sentLink();
    const status = await http(app, 'GET', `/public/v1/payments/${token}/status`);
    assert.equal(status.status, 200);
    assert.deepEqual(status.json(), { status: 'sent' });
    assert.equal(status.headers.get('cache-control'), 'no-store');
    const unknown = await http(app, 'GET', `/public/v1/payments/${'A'.repeat(32)}/status`);
    assert.equal(unknown.status, 404);
    assert.match(unknown.headers.get('content-type') ?? '', /problem\+json/);
    // A malformed token is a link that does not exist, as for the QR images.
    const malformed = await http(app, 'GET', '/public/v1/payments/short/status');
    assert.equal(malformed.status, 404);

    const recurring = await http(app, 'POST', '/merchant/v1/recurring-payments/send', {
      headers: m.headers,
      body: recurringBody({}),
    });
    assert.equal(recurring.status, 201, recurring.text);
    const rToken = tokenOf(recurring.json().result.qrCodeData);
    const rStatus = await http(app, 'GET', `/public/v1/recurring-payments/${rToken}/status`);
    assert.deepEqual(rStatus.json(), { status: recurring.json().result.status });
  });

  test('a desktop link page offers its QR code and polls its status; without JavaScript, "check again"', async () => {
    const token = await sentLink();
    const page = await http(app, 'GET', `/p?=${token}`);
    assert.match(
      page.text,
      new RegExp(`<section class="phone-qr"[\\s\\S]*?<img src="/public/v1/qr/${token}\\.svg"`),
    );
    assert.match(page.text, new RegExp(`data-poll="/public/v1/payments/${token}/status"`));
    assert.match(page.text, /<noscript><form method="get" action="\/p"[\s\S]*?Check again<\/button>/);
    const script = await http(app, 'GET', '/public/v1/pages.js');
    assert.equal(script.status, 200);
    assert.match(script.headers.get('content-type') ?? '', /^text\/javascript/);
    assert.match(script.text, /data-poll/);
  });
});
