// Payment API benchmark (DESIGN.md 8): create-and-process payment and get payment under autocannon,
// with a bare Fastify JSON route measured in the same run, on SQLite and on PostgreSQL. Servers run in
// child processes; autocannon runs here. Appends its results to bench/RESULTS.md.
// Run: npm run bench:payments [-- --seconds 10 --connections 50 --engines sqlite,postgres --stored 1000000]
// PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/paybank_dev), in a fresh
// schema dropped afterwards.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    engines: { type: 'string', default: 'sqlite,postgres' },
    // With --stored N, the merchant has N payments and the list scenarios run (DESIGN.md 8: 1,000,000).
    stored: { type: 'string', default: '0' },
  },
});
const STORED = Number(values.stored);
const SECONDS = Number(values.seconds);
const CONNECTIONS = Number(values.connections);
const ENGINES = (values.engines ?? '').split(',').filter(Boolean);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/paybank_dev';

interface Server {
  child: ChildProcess;
  port: number;
  headers?: Record<string, string>;
  paymentId?: string;
}

interface Row {
  engine: string;
  scenario: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  rssMb: number;
}

function startServer(args: string[], env: Record<string, string>): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/payment-server.ts', ...args], {
    env: { ...process.env, ...env, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    createInterface({ input: child.stdout! }).once('line', (line) => resolve({ child, ...JSON.parse(line) }));
  });
}

function rssMb(pid: number): number {
  const kb = Number(
    execFileSync('ps', ['-o', 'rss=', '-p', String(pid)])
      .toString()
      .trim(),
  );
  return Math.round(kb / 1024);
}

async function load(
  server: Server,
  engine: string,
  scenario: string,
  request: { method: 'GET' | 'POST'; path: string; body?: string },
): Promise<Row> {
  const result = await autocannon({
    url: `http://127.0.0.1:${server.port}${request.path}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    method: request.method,
    headers: { ...server.headers, ...(request.body ? { 'content-type': 'application/json' } : {}) },
    ...(request.body ? { body: request.body } : {}),
  });
  const row: Row = {
    engine,
    scenario,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors,
    rssMb: rssMb(server.child.pid!),
  };
  console.log(JSON.stringify(row));
  return row;
}

async function stop(server: Server): Promise<void> {
  server.child.removeAllListeners('exit');
  await new Promise<void>((resolve) => {
    server.child.once('exit', () => resolve());
    server.child.kill('SIGTERM');
  });
}

const body = JSON.stringify({
  invoiceRefNumber: 'BENCH-1',
  amount: '25.50',
  customerName: 'Bench Customer',
  type: 'link',
});

const rows: Row[] = [];
const bare = await startServer(['bare'], {});
rows.push(await load(bare, '-', 'bare Fastify GET /hello', { method: 'GET', path: '/hello' }));
await stop(bare);

for (const engine of ENGINES) {
  let databaseUrl: string;
  let cleanup: () => Promise<void>;
  if (engine === 'postgres') {
    const schema = `bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    const url = new URL(PG_URL);
    url.searchParams.set('schema', schema);
    databaseUrl = url.toString();
    cleanup = async () => {
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    };
  } else {
    const dir = mkdtempSync(path.join(tmpdir(), 'paybank-bench-'));
    databaseUrl = `sqlite:${path.join(dir, 'bench.db')}`;
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  }
  const server = await startServer([], {
    DATABASE_URL: databaseUrl,
    DATA_DIR: tmpdir(),
    BENCH_STORED_PAYMENTS: String(STORED),
  });
  if (STORED > 0) {
    for (const page of [1, 1000]) {
      rows.push(
        await load(server, engine, `list payments, page ${page} of 100 (${STORED} stored)`, {
          method: 'GET',
          path: `/merchant/v1/payments?page=${page}&limit=100`,
        }),
      );
    }
  }
  rows.push(
    await load(server, engine, 'get payment', {
      method: 'GET',
      path: `/merchant/v1/payments/${server.paymentId}`,
    }),
  );
  rows.push(
    await load(server, engine, 'create and process payment', {
      method: 'POST',
      path: '/merchant/v1/payments/process',
      body,
    }),
  );
  await stop(server);
  await cleanup();
}

const bareRps = rows[0]!.rps;
const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
const command = `npm run bench:payments -- --seconds ${SECONDS} --connections ${CONNECTIONS} --engines ${ENGINES.join(',')}${STORED ? ` --stored ${STORED}` : ''}`;
const lines = rows.map(
  (r) =>
    `| ${when} | ${r.engine} | ${r.scenario} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.scenario === 'get payment' ? `${Math.round((100 * r.rps) / bareRps)}%` : ''} | ${r.non2xx} | ${r.rssMb} | \`${command}\` |`,
);
const SECTION = '## Payment API (bench/payments.ts)';
const HEAD =
  `${SECTION}\n\nautocannon against a server in its own process (autocannon in another); latencies in ms; ` +
  '"vs bare" is get payment against the bare Fastify route of the same run; RSS of the server after the scenario. ' +
  `Machine: ${cpus().length} cpus.\n\n` +
  '| when (UTC) | engine | scenario | req/s | p50 | p99 | vs bare | non-2xx | RSS MB | command |\n|---|---|---|---|---|---|---|---|---|---|\n';
const file = new URL('./RESULTS.md', import.meta.url);
let text: string;
try {
  text = readFileSync(file, 'utf8');
} catch {
  text = '# Benchmark results\n';
}
if (!text.includes(SECTION)) text = `${text.trimEnd()}\n\n${HEAD}`;
// This run's rows go at the end of this section's table, before the next section if any.
const next = text.indexOf('\n## ', text.indexOf(SECTION) + SECTION.length);
const at = next === -1 ? text.length : next;
text = `${text.slice(0, at).trimEnd()}\n${lines.join('\n')}\n${next === -1 ? '' : `\n${text.slice(next + 1)}`}`;
writeFileSync(file, text);
