// Webhook delivery benchmark (DESIGN.md 8: >= 2,000 signed deliveries/s to a local receiver, p99 from
// change to delivery <= 1 s). Run: npm run bench:webhooks [-- --events 20000 --rate 1000 --seconds 10]
// SQLite (a file in a temporary DATA_DIR) by default; DATABASE_URL=postgres://... for PostgreSQL.
// Appends its result to bench/RESULTS.md.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config.js';
import { recordEvent } from '../src/domain/events/outbox.js';
import { newId } from '../src/domain/ids.js';
import { buildApp } from '../src/server.js';
import { startDispatcher } from '../src/workers/dispatcher.js';
import { forkReceiver, percentile, type Report } from './webhook-receiver-process.js';

const { values } = parseArgs({
  options: {
    events: { type: 'string', default: '20000' },
    rate: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '10' },
  },
});
const EVENTS = Number(values.events);
const RATE = Number(values.rate);
const SECONDS = Number(values.seconds);
const ADMIN = 'bench-admin-token-0123456789';

const SECTION = '## Webhook deliveries (bench/webhooks.ts)';
const TABLE_HEAD =
  '| when (UTC) | bench | engine | cpus (load) | command | throughput | change -> delivery | RSS | signatures |\n' +
  '|---|---|---|---|---|---|---|---|---|\n';

/** Adds a row at the end of this benchmark's table in bench/RESULTS.md (other sections untouched). */
async function addResult(row: string): Promise<void> {
  const file = new URL('./RESULTS.md', import.meta.url);
  let text = await readFile(file, 'utf8').catch(() => '# Benchmark results\n');
  if (!text.includes(SECTION)) {
    text = `${text.trimEnd()}\n\n${SECTION}\n\nTarget (DESIGN.md 8): >= 2,000 signed deliveries/s; p99 from change to delivery <= 1 s; RSS <= 200 MB.\n\n${TABLE_HEAD}`;
  }
  const start = text.indexOf(SECTION);
  const tableEnd = text.indexOf('\n\n', text.indexOf('|---', start));
  const at = tableEnd === -1 ? text.length : tableEnd + 1;
  const before = text.slice(0, at);
  await writeFile(file, `${before}${before.endsWith('\n') ? '' : '\n'}${row}${text.slice(at)}`);
}

async function main() {
  // Other work on the machine skews every number: the 1-minute load average goes into the result.
  const loadAtStart = loadavg()[0] ?? 0;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'paybank-bench-'));
  const databaseUrl = process.env.DATABASE_URL?.startsWith('postgres')
    ? process.env.DATABASE_URL
    : `sqlite:${path.join(dataDir, 'paybank.db')}`;
  const engine = databaseUrl.startsWith('postgres') ? 'postgres' : 'sqlite';
  const config = loadConfig({
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    ADMIN_TOKEN: ADMIN,
    WORKERS: 'false',
    ALLOW_PRIVATE_WEBHOOKS: 'true',
    LOG_LEVEL: 'error',
    SANDBOX: process.env.SANDBOX ?? 'false',
    // A benchmark saturates the loop on purpose: no 503s from the overload guard.
    MAX_EVENT_LOOP_DELAY_MS: '0',
  });
  const { app, deps } = await buildApp({ config });
  await app.ready();
  const rssIdle = process.memoryUsage().rss;
  if (engine === 'postgres') {
    await deps.db.deleteFrom('event_attempts').execute();
    await deps.db.deleteFrom('events').execute();
  }

  // Set up a partner, a company and an integration through the API, as an operator and a partner would.
  const call = async (method: 'POST', url: string, headers: Record<string, string>, payload: object) => {
    const res = await app.inject({ method, url, headers, payload });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const admin = { authorization: `Bearer ${ADMIN}` };
  const partner = await call('POST', '/admin/v1/partners', admin, { name: 'Bench' });
  const terminal = await call('POST', `/admin/v1/partners/${partner.id}/terminals`, admin, { name: 'T' });
  const company = (
    await call('POST', `/admin/v1/partners/${partner.id}/companies`, admin, {
      name: 'Bench Ltd',
      countryCode: 'GB',
      type: 'company',
      identifier: '12345678',
      publicEmail: 'bench@bench.example',
      supportPhone: '+44 20 7946 0000',
      contactName: 'Bench',
      address: { addressLine1: '1 High St', city: 'London', zipCode: 'E1 6AN', country: 'GB' },
    })
  ).result;
  const integration = (
    await call(
      'POST',
      `/terminal/v1/companies/${company.id}/integrations`,
      { 'terminal-id': terminal.terminalId, 'terminal-secret': terminal.terminalSecret },
      {
        name: 'Bench shop',
        webhookUrl: 'http://127.0.0.1:9/placeholder',
        redirectUrl: 'https://shop.example/paid',
        servicePaymentPageRedirectEnabled: true,
      },
    )
  ).result as { id: string; webhookSecret: string };

  const receiver = await forkReceiver(integration.webhookSecret);
  const port = receiver.port;
  await deps.db
    .updateTable('integrations')
    .set({ webhook_url: `http://127.0.0.1:${port}/hook` })
    .where('id', '=', integration.id)
    .execute();
  const report = receiver.report;

  const record = (trx: typeof deps.db, n: number) => {
    const paymentId = newId();
    return recordEvent(trx, deps.clock.now(), {
      destination: { kind: 'integration', integrationId: integration.id },
      eventName: 'payment.status_updated',
      resourceType: 'payment',
      resourceId: paymentId,
      payload: {
        eventName: 'payment.status_updated',
        createdAt: new Date().toISOString(),
        recordedAt: Date.now(),
        data: { id: paymentId, status: 'paid', amount: '12.50', invoiceRefNumber: `INV-${n}` },
      },
    });
  };

  // 1. Throughput: a backlog of EVENTS due events, drained by one dispatcher.
  for (let done = 0; done < EVENTS; done += 500) {
    await deps.db.transaction().execute(async (trx) => {
      for (let i = done; i < Math.min(EVENTS, done + 500); i++) await record(trx, i);
    });
  }
  const started = Date.now();
  const dispatcher = startDispatcher(deps);
  let backlog: Report;
  for (;;) {
    backlog = await report();
    if (backlog.received >= EVENTS) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const drainedAt = backlog.last;
  const throughput = (EVENTS / (drainedAt - started)) * 1000;
  const rssAfterBacklog = process.memoryUsage().rss;

  // 2. Latency: changes committed at RATE per second (one transaction per 10 ms tick) while the
  // dispatcher runs; the receiver measures commit -> delivery for each.
  receiver.send({ type: 'reset' });
  const perTick = Math.max(1, Math.round(RATE / 100));
  const ticks = SECONDS * 100;
  let offered = 0;
  let peakRss = rssAfterBacklog;
  const streamStart = Date.now();
  for (let tick = 0; tick < ticks; tick++) {
    const due = streamStart + tick * 10;
    const wait = due - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    await deps.db.transaction().execute(async (trx) => {
      for (let i = 0; i < perTick; i++) await record(trx, offered + i);
    });
    offered += perTick;
    if (tick % 100 === 0) peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }
  const offeredRate = (offered / (Date.now() - streamStart)) * 1000;
  let stream: Report;
  const deadline = Date.now() + 30_000;
  for (;;) {
    stream = await report();
    if (stream.received >= offered || Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await dispatcher.stop();
  const sorted = [...stream.latencies].sort((a, b) => a - b);

  const result = {
    engine,
    cpus: cpus().length,
    backlog: {
      events: EVENTS,
      deliveriesPerSecond: Math.round(throughput),
      badSignatures: backlog.badSignatures,
    },
    stream: {
      offeredPerSecond: Math.round(offeredRate),
      delivered: stream.received,
      badSignatures: stream.badSignatures,
      p50Ms: percentile(sorted, 50),
      p99Ms: percentile(sorted, 99),
      maxMs: sorted.at(-1) ?? Number.NaN,
    },
    rssIdleMb: Math.round(rssIdle / 1024 / 1024),
    rssMb: Math.round(Math.max(peakRss, process.memoryUsage().rss) / 1024 / 1024),
    heapUsedMb: Math.round(process.memoryUsage().heapUsed / 1024 / 1024),
  };
  console.log(JSON.stringify(result, null, 2));

  const command = `${engine === 'postgres' ? 'DATABASE_URL=postgres://... ' : ''}npm run bench:webhooks -- --events ${EVENTS} --rate ${RATE} --seconds ${SECONDS}`;
  const line =
    `| ${new Date().toISOString().slice(0, 16).replace('T', ' ')} | webhooks | ${engine} | ${result.cpus} (${loadAtStart.toFixed(1)}) | ` +
    `\`${command}\` | ${result.backlog.deliveriesPerSecond} deliveries/s (backlog of ${EVENTS}) | ` +
    `p50 ${result.stream.p50Ms} ms, p99 ${result.stream.p99Ms} ms, max ${result.stream.maxMs} ms at ${result.stream.offeredPerSecond} changes/s | ` +
    `${result.rssMb} MB (idle ${result.rssIdleMb} MB) | ${result.backlog.badSignatures + result.stream.badSignatures === 0 ? 'all signatures valid' : 'BAD SIGNATURES'} |\n`;
  await addResult(line);

  receiver.send({ type: 'stop' });
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
}

await main();
