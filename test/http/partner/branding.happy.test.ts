import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTestApp } from '../../helpers/app.js';
import { tenant } from '../../helpers/fixtures.js';
import { multipart, SAMPLE_FILES } from '../../helpers/multipart.js';

const url = (companyId: string, rest = '') => `/partner/v1/companies/${companyId}/branding${rest}`;
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

test('branding: accent colour, logo upload, the public logo route, replace and remove', async (t) => {
  const app = await buildTestApp(t);
  const { partner, company } = await tenant(app);
  const headers = partner.partnerHeaders;

  const empty = await app.call({ method: 'GET', url: url(company.id), headers });
  assert.equal(empty.statusCode, 200, empty.body);
  assert.deepEqual(empty.json().data, {
    accentColour: null,
    accentTextColour: null,
    logoUrl: null,
    logo: null,
    updatedAt: null,
  });

  // A light colour gets black text, a dark one white: AA contrast either way.
  const light = await app.call({
    method: 'PUT',
    url: url(company.id),
    headers,
    payload: { accentColour: '#FFD700' },
  });
  assert.equal(light.statusCode, 200, light.body);
  assert.equal(light.json().saved, true);
  assert.equal(light.json().result.accentColour, '#ffd700');
  assert.equal(light.json().result.accentTextColour, '#000000');
  const dark = await app.call({
    method: 'PUT',
    url: url(company.id),
    headers,
    payload: { accentColour: '#123456' },
  });
  assert.equal(dark.json().result.accentTextColour, '#ffffff');

  const form = await multipart({}, { name: 'logo.png', data: SAMPLE_FILES.png, type: 'image/png' });
  const uploaded = await app.call({
    method: 'PUT',
    url: url(company.id, '/logo'),
    headers: { ...headers, ...form.headers },
    payload: form.payload,
  });
  assert.equal(uploaded.statusCode, 200, uploaded.body);
  const branding = uploaded.json().result;
  assert.equal(branding.accentColour, '#123456', 'the colour stays');
  assert.deepEqual(branding.logo, { contentType: 'image/png', size: SAMPLE_FILES.png.length });
  assert.match(branding.logoUrl, /^http:\/\/localhost:8080\/public\/v1\/logos\/[0-9a-f]{24}\.png$/);

  const path = new URL(branding.logoUrl).pathname;
  const served = await app.call({ method: 'GET', url: path });
  assert.equal(served.statusCode, 200);
  assert.equal(served.headers['content-type'], 'image/png');
  assert.equal(served.headers['x-content-type-options'], 'nosniff');
  assert.match(String(served.headers['cache-control']), /public, max-age=\d+/);
  assert.match(String(served.headers['content-security-policy']), /default-src 'none'/);
  assert.deepEqual(served.rawPayload, SAMPLE_FILES.png);
  const again = await app.call({
    method: 'GET',
    url: path,
    headers: { 'if-none-match': String(served.headers.etag) },
  });
  assert.equal(again.statusCode, 304);

  // A new logo gets a new address; the old one is gone.
  const gif = await multipart({}, { name: 'whatever.png', data: GIF });
  const replaced = await app.call({
    method: 'PUT',
    url: url(company.id, '/logo'),
    headers: { ...headers, ...gif.headers },
    payload: gif.payload,
  });
  assert.equal(replaced.statusCode, 200, replaced.body);
  const next = replaced.json().result;
  assert.equal(next.logo.contentType, 'image/gif', 'recognised by content, not by name');
  assert.notEqual(next.logoUrl, branding.logoUrl);
  assert.equal((await app.call({ method: 'GET', url: path })).statusCode, 404);
  assert.equal((await app.call({ method: 'GET', url: new URL(next.logoUrl).pathname })).statusCode, 200);

  const removed = await app.call({ method: 'DELETE', url: url(company.id, '/logo'), headers });
  assert.equal(removed.statusCode, 200, removed.body);
  assert.equal(removed.json().result.logoUrl, null);
  assert.equal((await app.call({ method: 'GET', url: new URL(next.logoUrl).pathname })).statusCode, 404);

  const cleared = await app.call({
    method: 'PUT',
    url: url(company.id),
    headers,
    payload: { accentColour: null },
  });
  assert.equal(cleared.json().result.accentColour, null);
  assert.equal(cleared.json().result.accentTextColour, null);
});
