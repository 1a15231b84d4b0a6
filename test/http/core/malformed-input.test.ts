// No input, however malformed, gives a 500: every write route of every group, called with valid
// credentials and with bodies, ids and queries of every wrong shape, answers a 4xx problem.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { buildTestApp } from '../../helpers/app.js';
import { adminHeaders } from '../../helpers/fixtures.js';
import { type Merchant, merchant, paymentBody } from '../../helpers/merchant.js';
import { recurringBody } from '../../helpers/recurring.js';

const garbage = fc.oneof(
  fc.constant(undefined),
  fc.constant(JSON.parse(`${'['.repeat(64)}${']'.repeat(64)}`)),
  fc.constantFrom('99999999999999999999.00', 1e300, -1e300, Number.MAX_SAFE_INTEGER + 2),
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
        '?page=1e300',
        '?page=99999999999999999999&limit=1e3',
        '?limit=-0',
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

/** `levels` arrays or objects inside each other: the text JSON.parse takes, and recursive walks do not. */
const nested = (levels: number, open: string, close: string) =>
  `${open.repeat(levels)}${close.repeat(levels)}`;
const deepBodies = [
  nested(10_000, '[', ']'),
  `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`,
  `{"amount":"1.00","name":${nested(5_000, '[', ']')}}`,
];
const HUGE = [
  '99999999999999999999.00',
  '99999999999999999.00',
  '9007199254740993.00',
  `${'9'.repeat(400)}.00`,
];

test('JSON nested 10,000 levels deep is a 400 on every JSON route, the public initiate included', async (t) => {
  const app = await buildTestApp(t);
  const m = await merchant(app);
  const headersFor = credentialsOf(m);
  const writes = app.routes.filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method));
  for (const route of writes) {
    const url = route.url.replace(':companyId', m.companyId).replace(/:[A-Za-z]+/g, m.integrationId);
    for (const payload of deepBodies) {
      const res = await app.call({
        method: route.method as 'POST',
        url,
        headers: { ...headersFor(route.url), 'content-type': 'application/json' },
        payload,
      });
      assert.ok(
        res.statusCode < 500,
        `${route.method} ${url} -> ${res.statusCode} ${res.body.slice(0, 200)}`,
      );
      // A route that takes JSON (and was let in) refuses it as a bad body.
      if (![401, 404, 415].includes(res.statusCode))
        assert.equal(res.statusCode, 400, `${route.method} ${url}`);
    }
  }
  for (const url of ['/public/v1/payments/initiate', '/merchant/v1/payments', '/partner/v1/companies']) {
    const res = await app.call({
      method: 'POST',
      url,
      headers: { ...headersFor(url), 'content-type': 'application/json' },
      payload: deepBodies[0],
    });
    assert.equal(res.statusCode, 400, `${url} ${res.body}`);
    assert.equal(res.json().code, 'validation_failed');
  }
});

test('amounts too large for exact pence are a 400 naming the field, on every amount of every route', async (t) => {
  const app = await buildTestApp(t);
  const m = await merchant(app);
  const headersFor = credentialsOf(m);
  // The audit's two: a payment's amount and a recurring payment's initial payment.
  const payment = await app.call({
    method: 'POST',
    url: '/merchant/v1/payments/process',
    headers: m.headers,
    payload: paymentBody({ amount: '99999999999999999999.00' }),
  });
  assert.equal(payment.statusCode, 400, payment.body);
  assert.ok(payment.json().errors.some((e: { field: string }) => e.field === '/amount'));
  const recurring = await app.call({
    method: 'POST',
    url: '/merchant/v1/recurring-payments',
    headers: m.headers,
    payload: recurringBody({ initialPaymentAmount: '99999999999999999.00' }),
  });
  assert.equal(recurring.statusCode, 400, recurring.body);
  assert.ok(recurring.json().errors.some((e: { field: string }) => e.field === '/initialPaymentAmount'));
  // Then every write route (some disable the company or rotate keys, so after the two above).
  const amountFields = ['amount', 'recurringAmount', 'initialPaymentAmount', 'balance'];
  for (const route of app.routes.filter((r) => ['POST', 'PUT', 'PATCH'].includes(r.method))) {
    // An id that names nothing: the merchant's own would let a route without a body (a key rotation) run.
    const url = route.url
      .replace(':companyId', m.companyId)
      .replace(/:[A-Za-z]+/g, 'aaaaaaaaaaaaaaaaaaaaaaaa');
    for (const huge of HUGE) {
      const body = {
        ...Object.fromEntries(amountFields.map((field) => [field, huge])),
        accounts: [{ balance: huge }],
        numberOfPayments: 1e300,
        days: 1e300,
        seconds: Number.MAX_VALUE,
      };
      const res = await app.call({
        method: route.method as 'POST',
        url,
        headers: { ...headersFor(route.url), 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
      assert.ok(res.statusCode < 500, `${route.method} ${url} ${huge} -> ${res.statusCode} ${res.body}`);
    }
  }
});

test('every numeric query parameter of the document, sent huge, negative, fractional or not a number: never a 500', async (t) => {
  const app = await buildTestApp(t);
  const m = await merchant(app);
  const headersFor = credentialsOf(m);
  const doc = (await app.call({ method: 'GET', url: '/openapi.json' })).json() as {
    paths: Record<
      string,
      Record<string, { parameters?: Array<{ in: string; name: string; schema?: { type?: string } }> }>
    >;
  };
  const numeric: Array<{ method: string; path: string; name: string }> = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in === 'query' && ['integer', 'number'].includes(parameter.schema?.type ?? '')) {
          numeric.push({ method: method.toUpperCase(), path, name: parameter.name });
        }
      }
    }
  }
  assert.ok(
    numeric.filter((p) => p.name === 'page').length >= 10,
    `${numeric.length} numeric query parameters`,
  );
  const values = [
    '1e300',
    '1e3',
    '-1',
    '0',
    '1.5',
    '99999999999999999999',
    'NaN',
    'Infinity',
    '0x10',
    '',
    ' 1',
    '1,2',
  ];
  for (const { method, path, name } of numeric) {
    const url = path.replace('{companyId}', m.companyId).replace(/\{[A-Za-z]+\}/g, m.integrationId);
    for (const value of values) {
      const res = await app.call({
        method: method as 'GET',
        url: `${url}?${name}=${encodeURIComponent(value)}`,
        headers: headersFor(path),
      });
      assert.ok(res.statusCode < 500, `${method} ${url}?${name}=${value} -> ${res.statusCode} ${res.body}`);
      if (
        name === 'page' &&
        ['1e300', '99999999999999999999', 'Infinity'].includes(value) &&
        res.statusCode !== 401
      ) {
        assert.equal(res.statusCode, 400, `${method} ${url}?page=${value}`);
      }
    }
  }
});
