// Every numeric query parameter of every GET route, sent huge or as an odd numeric string, answers a 4xx
// or a page, never a 500: a page of 1e20 once made an offset neither database could bind.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTestApp } from '../../helpers/app.js';
import { adminHeaders } from '../../helpers/fixtures.js';
import { merchant } from '../../helpers/merchant.js';

const QUERIES = [
  'page=99999999999999999999',
  'page=1e308',
  'page=1000001',
  'page=9007199254740993&limit=1000',
  'limit=1e308',
  'limit=99999999999999999999',
  'page=-0&limit=1.0',
  'page=0x10&limit=1e2',
  'page=Infinity',
  'days=1e308&hours=99999999999999999999&seconds=-1e308',
];

test('huge numbers and numeric strings in the paging query of any GET route: never a 500', async (t) => {
  const app = await buildTestApp(t);
  const m = await merchant(app);
  const headersFor = (url: string): Record<string, string> => {
    if (url.startsWith('/admin/')) return adminHeaders;
    if (url.startsWith('/merchant/')) return m.headers;
    if (url.startsWith('/terminal/')) return m.partner.terminalHeaders;
    if (url.startsWith('/partner/')) return m.partner.partnerHeaders;
    return {};
  };
  const lists: string[] = [];
  for (const route of app.routes.filter((r) => r.method === 'GET')) {
    const url = route.url.replace(':companyId', m.companyId).replace(/:[A-Za-z]+/g, m.integrationId);
    for (const query of QUERIES) {
      const res = await app.call({ method: 'GET', url: `${url}?${query}`, headers: headersFor(route.url) });
      assert.ok(res.statusCode < 500, `GET ${url}?${query} -> ${res.statusCode} ${res.body}`);
    }
    const huge = await app.call({
      method: 'GET',
      url: `${url}?page=99999999999999999999`,
      headers: headersFor(route.url),
    });
    const problem = String(huge.headers['content-type'] ?? '').startsWith('application/problem+json')
      ? huge.json()
      : {};
    if (huge.statusCode === 400 && problem.errors?.some((e: { field: string }) => e.field === '/page')) {
      lists.push(route.url);
    }
  }
  for (const list of [
    '/merchant/v1/payments',
    '/merchant/v1/webhook-deliveries',
    '/partner/v1/webhook-deliveries',
  ]) {
    assert.ok(lists.includes(list), `${list} refuses a page beyond the maximum with a 400 naming /page`);
  }
});
