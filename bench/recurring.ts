// Recurring payments API benchmark: create and send (12 items, an initial payment, history, webhook and
// e-mail in one transaction), get, and list a page of 100, under autocannon against a server in its own
// process, on SQLite and PostgreSQL. Prints one JSON line per scenario.
// Run: npm run bench:recurring [-- --seconds 10 --connections 50 --engines sqlite,postgres]
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { freshDatabase } from './bench-database.js';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    engines: { type: 'string', default: 'sqlite,postgres' },
  },
});

interface Server {
  child: ChildProcess;
  port: number;
  headers: Record<string, string>;
  recurringId: string;
}

function startServer(env: Record<string, string>): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/recurring-server.ts'], {
    env: { ...process.env, ...env, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    createInterface({ input: child.stdout! }).once('line', (line) => resolve({ child, ...JSON.parse(line) }));
  });
}

async function load(
  server: Server,
  engine: string,
  scenario: string,
  method: 'GET' | 'POST',
  url: string,
  body?: string,
) {
  const result = await autocannon({
    url: `http://127.0.0.1:${server.port}${url}`,
    connections: Number(values.connections),
    duration: Number(values.seconds),
    method,
    headers: { ...server.headers, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body } : {}),
  });
  const rss = Number(
    execFileSync('ps', ['-o', 'rss=', '-p', String(server.child.pid)])
      .toString()
      .trim(),
  );
  console.log(
    JSON.stringify({
      engine,
      scenario,
      rps: Math.round(result.requests.average),
      p50: result.latency.p50,
      p99: result.latency.p99,
      non2xx: result.non2xx + result.errors,
      rssMb: Math.round(rss / 1024),
    }),
  );
}

const body = JSON.stringify({
  reference: 'bench-1',
  recurringAmount: '25.00',
  recurringPaymentDate: '2030-01-31',
  numberOfPayments: 12,
  frequency: 'one_month',
  initialPaymentAmount: '5.00',
  customerEmail: 'bench@customer.example',
});

for (const engine of (values.engines ?? '').split(',').filter(Boolean)) {
  const { url: databaseUrl, dataDir, cleanup } = await freshDatabase(engine);
  const server = await startServer({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir });
  await load(
    server,
    engine,
    'get recurring payment',
    'GET',
    `/merchant/v1/recurring-payments/${server.recurringId}`,
  );
  await load(
    server,
    engine,
    'list recurring payments (100 a page)',
    'GET',
    '/merchant/v1/recurring-payments?limit=100',
  );
  await load(
    server,
    engine,
    'create and send recurring payment',
    'POST',
    '/merchant/v1/recurring-payments/send',
    body,
  );
  server.child.removeAllListeners('exit');
  await new Promise<void>((resolve) => {
    server.child.once('exit', () => resolve());
    server.child.kill('SIGTERM');
  });
  await cleanup();
}
