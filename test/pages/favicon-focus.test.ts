// Every page the service renders links its icon and shows keyboard focus (issue 17, item 6); the
// icon is served, and a page view never spends the public rate limit on it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTestApp } from '../helpers/app.js';
import { merchant, paymentBody } from '../helpers/merchant.js';

const NO_SUCH = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

test('the icon is served as SVG, /favicon.ico leads to it, and it is outside the rate limit', async (t) => {
  const app = await buildTestApp(t, { PUBLIC_RATE_LIMIT_PER_MINUTE: '1' });
  for (let i = 0; i < 3; i++) {
    const icon = await app.call({ method: 'GET', url: '/favicon.svg' });
    assert.equal(icon.statusCode, 200);
    assert.match(icon.headers['content-type'] as string, /^image\/svg\+xml/);
    assert.match(icon.body, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  }
  const ico = await app.call({ method: 'GET', url: '/favicon.ico' });
  assert.equal(ico.statusCode, 301);
  assert.equal(ico.headers.location, '/favicon.svg');
});

test('every page links the icon and draws a focus ring on its buttons and links', async (t) => {
  const app = await buildTestApp(t);
  const m = await merchant(app);
  const created = await app.call({
    method: 'POST',
    url: '/merchant/v1/payments/process',
    headers: m.headers,
    payload: paymentBody(),
  });
  assert.equal(created.statusCode, 200, created.body);
  const link: string = created.json().result.link;
  const pages = [
    link.slice(link.indexOf('/p?=')),
    `/p?=${NO_SUCH}`,
    `/p/transfer?=${NO_SUCH}`,
    `/rf?=${NO_SUCH}`,
    `/rp?=${NO_SUCH}`,
    '/public/v1/result?state=nope',
    '/public/v1/recurring/result?state=nope',
    '/public/v1/bank-accounts/connect/nope',
    '/public/v1/verification/nope',
  ];
  for (const url of pages) {
    const page = await app.call({ method: 'GET', url });
    assert.match(page.headers['content-type'] as string, /^text\/html/, url);
    assert.match(page.body, /<link rel="icon" href="\/favicon\.svg" type="image\/svg\+xml">/, url);
    assert.match(
      page.body,
      /a:focus-visible, button:focus-visible \{ outline: 3px solid #[0-9a-f]{6}; outline-offset: 2px; \}/,
      url,
    );
    assert.doesNotMatch(page.body, /outline: none/, `${url}: nothing hides the focus`);
  }
});
