import assert from 'node:assert/strict';
import { test } from 'node:test';
import { EMAIL_TEMPLATES } from '../../../src/domain/mail/email-content.js';
import { buildTestApp } from '../../helpers/app.js';

test('e-mail previews: every template as HTML and text with sample data; 404 for another name', async (t) => {
  const app = await buildTestApp(t);
  for (const template of EMAIL_TEMPLATES) {
    const html = await app.call({ method: 'GET', url: `/sandbox/v1/emails/preview/${template}` });
    assert.equal(html.statusCode, 200, `${template}: ${html.body}`);
    assert.equal(html.headers['content-type'], 'text/html; charset=utf-8');
    assert.match(html.body, /^<!doctype html>/);
    // The sample merchant's name holds markup: the preview shows it escaped.
    assert.match(html.body, /Bramble &amp; Daughters &lt;Ltd&gt;/);
    assert.match(decodeURIComponent(String(html.headers['x-email-subject'])), /Bramble Bakery/);
    const text = await app.call({ method: 'GET', url: `/sandbox/v1/emails/preview/${template}?format=text` });
    assert.equal(text.statusCode, 200);
    assert.equal(text.headers['content-type'], 'text/plain; charset=utf-8');
    assert.match(text.body, /Bramble & Daughters <Ltd> \(trading as Bramble Bakery\)/);
    assert.match(text.body, /020 7946 0000/);
  }
  for (const name of ['nope', 'payment-request.html', '..%2Fhtml', 'constructor', '__proto__']) {
    const res = await app.call({ method: 'GET', url: `/sandbox/v1/emails/preview/${name}` });
    assert.equal(res.statusCode, 404, `${name}: ${res.body}`);
    assert.equal(res.json().code, 'not_found');
  }
  const badFormat = await app.call({
    method: 'GET',
    url: '/sandbox/v1/emails/preview/payment-receipt?format=pdf',
  });
  assert.equal(badFormat.statusCode, 400);
});

test('without SANDBOX=true there are no previews', async (t) => {
  const app = await buildTestApp(t, { SANDBOX: 'false' });
  const res = await app.call({ method: 'GET', url: '/sandbox/v1/emails/preview/payment-receipt' });
  assert.equal(res.statusCode, 404);
});
