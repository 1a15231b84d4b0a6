// Webhooks while the API takes payments (issue 14: 2,000 signed deliveries/s, p99 under 1 s, while the
// API takes 1,000 creates/s). The service runs as `npm start` runs it (built, workers on); creates go
// through the API at a fixed rate and every webhook they cause goes to a receiver in its own process that
// checks each signature and times change (the event's createdAt) -> delivery. A create-and-process
// causes one webhook, so a backlog of as many more (recorded straight into the outbox just before, as
// bench/webhooks.ts does; their times are not counted) is delivered meanwhile: the deliveries/s reported
// are those the receiver got while the creates ran. Then, flat out, creates/s
// with the receiver up and with it down: what a failing destination costs the API (its circuit,
// src/workers/destination-circuits.ts, should make that nothing).
//   npm run bench:webhooks-under-load [-- --rate 1000 --seconds 10 --engines sqlite,postgres --dry-run]
// PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/paybank_dev), fresh schemas.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { recordEvent } from '../src/domain/events/outbox.js';
import { newId } from '../src/domain/ids.js';
import { openStore } from '../src/store/database.js';
import { freshDatabase, rssMb, seedDatabase } from './bench-database.js';
import { startBuilt } from './built-service.js';
import { forkReceiver, percentile } from './webhook-receiver-process.js';

const { values } = parseArgs({
  options: {
    rate: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    // Events waiting when the creates begin; default: as many as the creates will cause.
    backlog: { type: 'string' },
    engines: { type: 'string', default: 'sqlite,postgres' },
    'dry-run': { type: 'boolean', default: false },
  },
});
const RATE = Number(values.rate);
const SECONDS = Number(values.seconds);
const CONNECTIONS = Number(values.connections);
const BACKLOG = Number(values.backlog ?? RATE * SECONDS);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const body = JSON.stringify({
  invoiceRefNumber: 'BENCH-1',
  amount: '25.50',
  customerName: 'Bench Customer',
  type: 'link',
});

/** BACKLOG webhooks due now for the integration, written into the outbox in a few transactions. */
async function recordBacklog(databaseUrl: string, integrationId: string): Promise<void> {
  const store = openStore(databaseUrl);
  for (let done = 0; done < BACKLOG; done += 1000) {
    await store.db.transaction().execute(async (trx) => {
      for (let i = done; i < Math.min(BACKLOG, done + 1000); i++) {
        const paymentId = newId();
        await recordEvent(trx, new Date(), {
          destination: { kind: 'integration', integrationId },
          eventName: 'payment.status_updated',
          resourceType: 'payment',
          resourceId: paymentId,
          payload: { eventName: 'payment.status_updated', data: { id: paymentId, status: 'paid' } },
        });
      }
    });
  }
  await store.close();
}

async function run(engine: string) {
  const receiver = await forkReceiver();
  const receiverPort = receiver.port;
  const report = receiver.report;
  /** Waits until the receiver has had nothing new for 3 s (every webhook delivered), at most 120 s. */
  const settled = async () => {
    let last = -1;
    const deadline = Date.now() + 120_000;
    for (;;) {
      const now = await report();
      if (now.received === last || Date.now() > deadline) return now;
      last = now.received;
      await sleep(3000);
    }
  };

  const database = await freshDatabase(engine);
  const env = {
    DATABASE_URL: database.url,
    DATA_DIR: tmpdir(),
    BENCH_WEBHOOK_URL: `http://127.0.0.1:${receiverPort}/hook`,
  };
  const seed = await seedDatabase(env);
  receiver.send({ type: 'secret', secret: seed.webhookSecret });
  const service = await startBuilt(env);
  const create = (extra: { overallRate?: number; amount?: number; duration?: number; connections: number }) =>
    autocannon({
      url: `http://127.0.0.1:${service.port}/merchant/v1/payments/process`,
      method: 'POST',
      headers: { ...seed.headers, 'content-type': 'application/json' },
      body,
      ...extra,
    });

  // Warm (JIT, validators, connections to the receiver), then start counting from nothing.
  await create({ amount: 500, connections: 10 });
  await settled();
  await recordBacklog(database.url, seed.integrationId);
  receiver.send({ type: 'reset' });

  const paced = await create({ overallRate: RATE, duration: SECONDS, connections: CONNECTIONS });
  const rss = rssMb(service.child.pid!);
  const during = await report();
  const delivered = await settled();
  // Only the creates' own webhooks carry a createdAt: the backlog's are not timed.
  const sorted = [...delivered.latencies].sort((a, b) => a - b);

  const flatUp = await create({ duration: SECONDS, connections: CONNECTIONS });
  await settled();
  // The receiver goes away: every delivery now fails to connect.
  receiver.send({ type: 'stop' });
  await sleep(500);
  const flatDown = await create({ duration: SECONDS, connections: CONNECTIONS });

  service.child.kill('SIGTERM');
  await new Promise((resolve) => service.child.once('exit', resolve));
  await database.cleanup();
  const result = {
    engine,
    creates: paced.requests.total,
    createsPerSecond: Math.round(paced.requests.total / SECONDS),
    createP99Ms: paced.latency.p99,
    non2xx: paced.non2xx + paced.errors + flatUp.non2xx + flatUp.errors + flatDown.non2xx + flatDown.errors,
    delivered: delivered.received,
    deliveriesPerSecond: Math.round(during.received / SECONDS),
    badSignatures: delivered.badSignatures,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    maxMs: sorted.at(-1) ?? Number.NaN,
    rssMb: rss,
    flatOutReceiverUp: Math.round(flatUp.requests.average),
    flatOutReceiverDown: Math.round(flatDown.requests.average),
  };
  console.log(JSON.stringify(result));
  return result;
}

execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
const loadBefore = loadavg()[0] ?? 0;
const results = [];
for (const engine of (values.engines ?? '').split(',').filter(Boolean)) results.push(await run(engine));

const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD']).toString().trim();
const dirty = execFileSync('git', ['status', '--porcelain']).toString().trim() ? '+changes' : '';
const command = `npm run bench:webhooks-under-load -- --rate ${RATE} --seconds ${SECONDS} --backlog ${BACKLOG} --engines ${values.engines}`;
let text = `### ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, commit ${commit}${dirty}, \`${command}\`\n\n`;
text += `${cpus().length} cpus; load average (1 min) ${loadBefore.toFixed(1)} before, ${(loadavg()[0] ?? 0).toFixed(1)} after. -c ${CONNECTIONS}; the service built, as npm start runs it (workers on, log at info); the receiver checks every signature. Deliveries/s: received while the creates ran (their webhooks and a backlog of ${BACKLOG}); change -> delivery: the creates' webhooks only.\n\n`;
text +=
  '| engine | creates/s asked / done | create p99 ms | webhooks delivered | deliveries/s | change -> delivery p50 / p99 / max ms | signatures | RSS MB | flat out, receiver up / down (creates/s) | non-2xx |\n|---|---|---|---|---|---|---|---|---|---|\n';
for (const r of results) {
  text += `| ${r.engine} | ${RATE} / ${r.createsPerSecond} | ${r.createP99Ms} | ${r.delivered} for ${r.creates} creates and a backlog of ${BACKLOG} | ${r.deliveriesPerSecond} | ${r.p50Ms} / ${r.p99Ms} / ${r.maxMs} | ${r.badSignatures === 0 ? 'all valid' : `${r.badSignatures} BAD`} | ${r.rssMb} | ${r.flatOutReceiverUp} / ${r.flatOutReceiverDown} | ${r.non2xx} |\n`;
}
console.log(text);
if (!values['dry-run']) {
  const file = 'bench/RESULTS.md';
  const section = '## Webhooks under API load (bench/webhooks-under-load.ts)';
  let results = readFileSync(file, 'utf8');
  if (!results.includes(section)) {
    results = `${results.trimEnd()}\n\n${section}\n\nGoal (issue 14): 2,000 signed deliveries/s with p99 under 1 s while the API takes 1,000 creates/s, on both engines.\n`;
  }
  // At the end of this section, before the next one.
  const next = results.indexOf('\n## ', results.indexOf(section) + section.length);
  const at = next === -1 ? results.length : next;
  writeFileSync(file, `${results.slice(0, at).trimEnd()}\n\n${text}${results.slice(at)}`);
}
