// Portal pages against the API's reads (issue 16: "the portal's pages answer within the same budget as
// the API's reads"). Run: npm run bench:portal [-- --seconds 5 --connections 10 --companies 50 --payments 100]
// One process (server and load generator together): compare the rows with each other, not with
// other benchmarks. SQLite in a temporary DATA_DIR by default; DATABASE_URL=postgres://... for PostgreSQL.
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { loadConfig } from '../src/config.js';
import { buildApp } from '../src/server.js';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    companies: { type: 'string', default: '50' },
    payments: { type: 'string', default: '100' },
  },
});
const ADMIN = 'bench-admin-token-0123456789';
const PASSWORD = 'bench password 123';

const dataDir = await mkdtemp(path.join(tmpdir(), 'paybank-bench-portal-'));
const config = loadConfig({
  DATABASE_URL: process.env.DATABASE_URL || `sqlite:${path.join(dataDir, 'paybank.db')}`,
  DATA_DIR: dataDir,
  ADMIN_TOKEN: ADMIN,
  SANDBOX: 'true',
  LOG_LEVEL: 'silent',
  WORKERS: 'false',
  MAX_EVENT_LOOP_DELAY_MS: '0',
  RATE_LIMIT_PER_MINUTE: '100000000',
});
const { app } = await buildApp({ config });
const admin = { authorization: `Bearer ${ADMIN}` };
const partner = (
  await app.inject({ method: 'POST', url: '/admin/v1/partners', headers: admin, payload: { name: 'Bench' } })
).json();
for (let i = 0; i < Number(values.companies); i++) {
  await app.inject({
    method: 'POST',
    url: `/admin/v1/partners/${partner.id}/companies`,
    headers: admin,
    payload: {
      name: `Company ${i}`,
      countryCode: 'GB',
      type: 'company',
      identifier: String(10_000_000 + i),
      publicEmail: `c${i}@bench.example`,
      supportPhone: '+44 20 7946 0000',
      contactName: 'Bench Owner',
      address: { addressLine1: '1 High Street', city: 'London', zipCode: 'E1 6AN' },
    },
  });
}
// One company with money in it: a bank account, an integration, payments and recurring payments, so
// that its pages (and the API's matching reads) have rows to show.
const busy = (
  await app.inject({
    method: 'POST',
    url: `/admin/v1/partners/${partner.id}/companies`,
    headers: admin,
    payload: {
      name: 'Busy Shop Ltd',
      countryCode: 'GB',
      type: 'company',
      identifier: '99999999',
      publicEmail: 'busy@bench.example',
      supportPhone: '+44 20 7946 0000',
      contactName: 'Bench Owner',
      address: { addressLine1: '1 High Street', city: 'London', zipCode: 'E1 6AN' },
      bankAccount: {
        name: 'Takings',
        providerExternalId: 'ob-sandbox',
        externalAccountId: '12345678',
        identification: '040004',
      },
      integration: { name: 'Web shop', webhookUrl: 'https://shop.example/hooks' },
    },
  })
).json().result;
const merchant = { 'integration-id': busy.integration.id, 'secret-key': busy.integration.secretKey };
let paymentId = '';
for (let i = 0; i < Number(values.payments); i++) {
  const res = await app.inject({
    method: 'POST',
    url: '/merchant/v1/payments',
    headers: merchant,
    payload: { invoiceRefNumber: `inv-${i}`, amount: '12.00' },
  });
  if (res.statusCode !== 200) throw new Error(`payment not created: ${res.body}`);
  paymentId = res.json().result.id;
}
let recurringId = '';
for (let i = 0; i < Math.ceil(Number(values.payments) / 5); i++) {
  const res = await app.inject({
    method: 'POST',
    url: '/merchant/v1/recurring-payments',
    headers: merchant,
    payload: {
      reference: `gym-${i}`,
      recurringAmount: '25.00',
      recurringPaymentDate: '2030-03-31',
      numberOfPayments: 12,
      frequency: 'one_month',
    },
  });
  if (res.statusCode !== 201) throw new Error(`recurring payment not created: ${res.body}`);
  recurringId = res.json().result.id;
}
const invited = (
  await app.inject({
    method: 'POST',
    url: `/admin/v1/partners/${partner.id}/users`,
    headers: admin,
    payload: { email: 'bench@bench.example', role: 'owner' },
  })
).json();

/** A form post with the CSRF token of the page it is on; answers the cookies to send next. */
async function post(url: string, form: Record<string, string>, cookies: string): Promise<string> {
  const page = await app.inject({ method: 'GET', url, headers: { cookie: cookies } });
  const jar = new Map(cookies ? cookies.split('; ').map((c) => c.split('=') as [string, string]) : []);
  const keep = (set: unknown) => {
    for (const line of [set ?? []].flat()) {
      const [pair] = String(line).split(';');
      const [name, ...rest] = (pair ?? '').split('=');
      jar.set(name ?? '', rest.join('='));
    }
  };
  keep(page.headers['set-cookie']);
  const csrf = /name="_csrf" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
  const res = await app.inject({
    method: 'POST',
    url,
    headers: {
      cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
      'content-type': 'application/x-www-form-urlencoded',
    },
    payload: new URLSearchParams({ _csrf: csrf, ...form }).toString(),
  });
  keep(res.headers['set-cookie']);
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
}
const invitePath = new URL(invited.inviteUrl).pathname;
let cookies = await post(invitePath, { password: PASSWORD }, '');
cookies = await post('/portal/login', { email: 'bench@bench.example', password: PASSWORD }, cookies);

await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
const targets: Array<[string, string, Record<string, string>]> = [
  ['API: GET /partner/v1/companies', '/partner/v1/companies', { apisecret: partner.apisecret }],
  ['portal: GET /portal/companies', '/portal/companies', { cookie: cookies }],
  ['portal: GET /portal (overview)', '/portal', { cookie: cookies }],
  ['portal: GET /portal/api-keys', '/portal/api-keys', { cookie: cookies }],
  ['portal: GET /portal/webhooks', '/portal/webhooks', { cookie: cookies }],
  ['portal: GET /portal/audit', '/portal/audit', { cookie: cookies }],
  [
    'API: GET /partner/v1/companies/:id',
    `/partner/v1/companies/${busy.id}`,
    { apisecret: partner.apisecret },
  ],
  ['portal: GET /portal/companies/:id', `/portal/companies/${busy.id}`, { cookie: cookies }],
  [
    'API: GET /partner/v1/companies/:id/payments',
    `/partner/v1/companies/${busy.id}/payments`,
    { apisecret: partner.apisecret },
  ],
  ['portal: GET .../payments', `/portal/companies/${busy.id}/payments`, { cookie: cookies }],
  [
    'portal: GET .../payments?status=draft&q=inv-1',
    `/portal/companies/${busy.id}/payments?status=draft&q=inv-1`,
    { cookie: cookies },
  ],
  [
    'API: GET /partner/v1/companies/:id/payments/:id',
    `/partner/v1/companies/${busy.id}/payments/${paymentId}`,
    { apisecret: partner.apisecret },
  ],
  ['portal: GET .../payments/:id', `/portal/companies/${busy.id}/payments/${paymentId}`, { cookie: cookies }],
  [
    'API: GET /partner/v1/companies/:id/recurring-payments',
    `/partner/v1/companies/${busy.id}/recurring-payments`,
    { apisecret: partner.apisecret },
  ],
  [
    'portal: GET .../recurring-payments',
    `/portal/companies/${busy.id}/recurring-payments`,
    { cookie: cookies },
  ],
  [
    'portal: GET .../recurring-payments/:id',
    `/portal/companies/${busy.id}/recurring-payments/${recurringId}`,
    { cookie: cookies },
  ],
  [
    'API: GET /partner/v1/companies/:id/transactions',
    `/partner/v1/companies/${busy.id}/transactions`,
    { apisecret: partner.apisecret },
  ],
  ['portal: GET .../transactions', `/portal/companies/${busy.id}/transactions`, { cookie: cookies }],
];
// A few requests to each first, so that no row pays for the first compile of its route's code.
for (const [, url, headers] of targets) {
  for (let i = 0; i < 5; i++) await app.inject({ method: 'GET', url, headers });
}
console.log(
  `${config.databaseUrl.split(':')[0]}, ${values.companies} companies, ${cpus().length} cpus, load ${loadavg()[0]?.toFixed(1)}`,
);
console.log('| what | req/s | p50 ms | p99 ms | non-2xx |\n|---|---|---|---|---|');
for (const [label, url, headers] of targets) {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}${url}`,
    connections: Number(values.connections),
    duration: Number(values.seconds),
    headers,
  });
  console.log(
    `| ${label} | ${Math.round(result.requests.average)} | ${result.latency.p50} | ${result.latency.p99} | ${result.non2xx} |`,
  );
}
await app.close();
await rm(dataDir, { recursive: true, force: true });
