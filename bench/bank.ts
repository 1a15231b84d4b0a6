// The bank round trip on the sandbox bank, with mutual TLS, PS256 request objects, detached signatures
// and the id_token checks (issue 13): time from initiate to the authorisation URL (consent POST, its
// signatures, the request object) and from the customer's return to `paid` (id_token check, code
// exchange, payment POST, status). Sequential payments in one process; the bank's approval is not timed.
// Run: npm run bench:bank [-- --payments 30]   (DATABASE_URL for PostgreSQL; default a fresh SQLite file)
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config.js';
import { OffsetClock } from '../src/domain/clock.js';
import { buildApp } from '../src/server.js';
import { ADMIN_TOKEN, type TestApp } from '../test/helpers/app.js';
import { freePort } from '../test/helpers/listening-app.js';
import { merchant } from '../test/helpers/merchant.js';
import { http, statusOf, tokenOf } from '../test/helpers/payment-flow.js';

const { values } = parseArgs({ options: { payments: { type: 'string', default: '30' } } });
const PAYMENTS = Number(values.payments);

const dataDir = await mkdtemp(path.join(tmpdir(), 'paybank-bench-bank-'));
const port = await freePort();
const mtlsPort = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const config = loadConfig({
  DATABASE_URL: process.env.DATABASE_URL || `sqlite:${path.join(dataDir, 'paybank.db')}`,
  DATA_DIR: dataDir,
  ADMIN_TOKEN,
  SANDBOX: 'true',
  PUBLIC_URL: baseUrl,
  HOST: '127.0.0.1',
  PORT: String(port),
  SANDBOX_BANK_MTLS_PORT: String(mtlsPort),
  LOG_LEVEL: 'silent',
  WORKERS: 'false',
  MAX_EVENT_LOOP_DELAY_MS: '0',
  RATE_LIMIT_PER_MINUTE: '100000000',
  AUTH_FAILURES_PER_MINUTE: '1000000',
  AUTH_FAILURES_PER_ID_PER_MINUTE: '1000000',
});
const clock = new OffsetClock();
const built = await buildApp({ config, clock });
await built.listen({ port, host: '127.0.0.1' });
const testApp: TestApp = {
  ...built,
  clock,
  config,
  call: (opts) => built.app.inject(opts) as never,
};
const app = { ...testApp, baseUrl, port, bankApiUrl: `https://127.0.0.1:${mtlsPort}` };
const m = await merchant(testApp);

const toUrl: number[] = [];
const toPaid: number[] = [];
for (let i = 0; i < PAYMENTS; i++) {
  const created = await http(app, 'POST', '/merchant/v1/payments/process', {
    headers: m.headers,
    body: { invoiceRefNumber: `BENCH-${i}`, amount: '10.00' },
  });
  const { id, link } = created.json().result;
  let started = performance.now();
  const initiated = await http(app, 'POST', '/public/v1/payments/initiate', {
    body: { type: 'payment', id: tokenOf(link), externalId: 'ob-sandbox' },
  });
  if (initiated.status !== 200) throw new Error(`initiate: ${initiated.status} ${initiated.text}`);
  toUrl.push(performance.now() - started);
  const decided = await http(app, 'POST', '/sandbox/v1/authorizations/approve', {
    body: { authorizationUrl: initiated.json().data.authorizationUrl },
  });
  started = performance.now();
  const back = await http(app, 'GET', decided.json().redirectUrl);
  if (back.status !== 303) throw new Error(`return: ${back.status}`);
  if ((await statusOf(app, m, id)) !== 'paid') throw new Error(`payment ${id} is not paid after the return`);
  toPaid.push(performance.now() - started);
}

const pct = (list: number[], p: number) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};
const row = (what: string, list: number[]) =>
  `| ${what} | ${list.length} | ${pct(list, 50).toFixed(0)} | ${pct(list, 90).toFixed(0)} | ${Math.max(...list).toFixed(0)} |`;
const engine = config.databaseUrl.startsWith('postgres') ? 'postgres' : 'sqlite';
process.stdout.write(
  [
    `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${engine}, ${cpus().length} cpus (load ${loadavg()[0]?.toFixed(1)})`,
    '| what | payments | p50 ms | p90 ms | max ms |',
    '|---|---|---|---|---|',
    row('initiate -> authorisation URL', toUrl),
    row("customer's return -> paid", toPaid),
    '',
  ].join('\n'),
);
await built.app.close();
await rm(dataDir, { recursive: true, force: true });
