// No input, however malformed, gives a 500: every write route of every group, called with valid
// credentials and with bodies, ids and queries of every wrong shape, answers a 4xx problem.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { buildTestApp } from '../../helpers/app.js';
import { adminHeaders } from '../../helpers/fixtures.js';
import { type Merchant, merchant } from '../../helpers/merchant.js';

const garbage = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.string({ maxLength: 50 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.array(fc.anything({ maxDepth: 2 }), { maxLength: 5 }),
  fc.dictionary(
    fc.constantFrom(
      'name',
      'amount',
      'invoiceRefNumber',
      'reference',
      '_id',
      'webhookUrl',
      'redirectUrl',
      'bankAccount',
      'customerEmailCC',
      'dueDate',
      'recurringPaymentDate',
      'numberOfPayments',
      'frequency',
      'type',
      'id',
      'externalId',
      'provider',
      'sortCode',
      'accountNumber',
      'status',
      'address',
      'payeeAccountInfo',
      'servicePaymentPageRedirectEnabled',
      'officers',
      'email',
      'authorizationUrl',
      'days',
      'outcome',
    ),
    fc.anything({ maxDepth: 2 }),
    { maxKeys: 8 },
  ),
);

/** The credentials each group's routes take, for the merchant's own partner and company. */
function credentialsOf(m: Merchant): (url: string) => Record<string, string> {
  return (url) => {
    if (url.startsWith('/admin/')) return adminHeaders;
    if (url.startsWith('/merchant/')) return m.headers;
    if (url.startsWith('/terminal/')) return m.partner.terminalHeaders;
    if (url.startsWith('/partner/')) return m.partner.partnerHeaders;
    return {};
  };
}

test('no malformed request to any route gives a 500', async (t) => {
  const app = await buildTestApp(t);
  const m = await merchant(app);
  const headersFor = credentialsOf(m);
  const ids = [
    m.companyId,
    m.integrationId,
    m.bankAccountId,
    'aaaaaaaaaaaaaaaaaaaaaaaa',
    'nope',
    '%00',
    '..',
  ];
  const routes = app.routes.filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE', 'GET'].includes(r.method));
  assert.ok(routes.length > 100, `${routes.length} routes`);
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...routes),
      fc.constantFrom(...ids),
      fc.constantFrom(...ids),
      garbage,
      fc.constantFrom(
        '',
        '?page=0',
        '?limit=abc&page=-1',
        '?filter=isSandbox&filterValue=maybe',
        '?dateFrom=x',
      ),
      async (route, companyId, id, body, query) => {
        const url = route.url.replace(':companyId', companyId).replace(/:[A-Za-z]+/g, id) + query;
        const res = await app.call({
          method: route.method as 'POST',
          url,
          headers: { ...headersFor(route.url), 'content-type': 'application/json' },
          payload: body === undefined ? undefined : JSON.stringify(body),
        });
        assert.ok(
          res.statusCode < 500,
          `${route.method} ${url} ${JSON.stringify(body)} -> ${res.statusCode} ${res.body}`,
        );
      },
    ),
    { numRuns: 1500 },
  );
});

test('a NUL character in any id, query or body field is refused, never a 500', async (t) => {
  const app = await buildTestApp(t);
  const m = await merchant(app);
  const headers = credentialsOf(m);
  const nul = 'a\u0000b';
  for (const route of app.routes.filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS')) {
    const withCompany = route.url.replace(':companyId', m.companyId);
    const cases = [
      { url: withCompany.replace(/:[A-Za-z]+/g, '%00'), body: undefined },
      { url: `${withCompany.replace(/:[A-Za-z]+/g, 'x')}?page=%00&name=%00`, body: undefined },
      { url: withCompany.replace(/:[A-Za-z]+/g, 'x'), body: { name: nul, reference: nul, provider: nul } },
    ];
    for (const { url, body } of cases) {
      const res = await app.call({
        method: route.method as 'POST',
        url,
        headers: { ...headers(route.url), 'content-type': 'application/json' },
        ...(body && route.method !== 'GET' ? { payload: JSON.stringify(body) } : {}),
      });
      assert.ok(res.statusCode < 500, `${route.method} ${url} -> ${res.statusCode} ${res.body}`);
    }
  }
});
