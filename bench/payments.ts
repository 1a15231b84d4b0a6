// Payment API benchmark (DESIGN.md 8, issue 14): create-and-process payment and get payment, each
// against three servers side by side: the service, the limit (bench/limit.ts: the same durable work and
// nothing else) and a bare Fastify route; alternating, in rounds. For each server and scenario: req/s
// under autocannon -c CONNECTIONS (min/median/max over the rounds), p99, the server's CPU microseconds
// per request at a FIXED request rate (robust on a shared machine: it does not depend on how much CPU
// the server got) and its RSS. Servers run in child processes; autocannon runs here. Appends a summary
// to bench/RESULTS.md with the command, the commit and the machine's load.
// Run: npm run bench:payments [-- --rounds 3 --seconds 5 --warm 5 --paced 10 --connections 50 --rate-create 100 --rate-get 400
//   --engines sqlite,postgres --stored 1000000]
// PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/paybank_dev), in fresh
// schemas dropped afterwards.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { cpuOfPaced, freshDatabase, quiet, rssMb, type Seed, seedDatabase } from './bench-database.js';
import { startBuilt, startFlags } from './built-service.js';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '5' },
    // Seconds of warm-up flat out before each measurement, then until the server is quiet.
    warm: { type: 'string', default: '5' },
    // Seconds of the paced run that CPU per request is taken from: 1,000 creates at 100/s (500 moved
    // the figure by 20% between rounds).
    paced: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    // The fixed rates at which CPU per request is measured: low enough for every server to keep up.
    'rate-create': { type: 'string', default: '100' },
    'rate-get': { type: 'string', default: '400' },
    engines: { type: 'string', default: 'sqlite,postgres' },
    // With --stored N, the merchant has N payments and the list scenarios run (DESIGN.md 8: 1,000,000).
    stored: { type: 'string', default: '0' },
    // dist: the service as `npm start` runs it (bundle, its node flags, workers on); tsx: from the sources.
    service: { type: 'string', default: 'dist' },
    // Only print: do not append to bench/RESULTS.md.
    'dry-run': { type: 'boolean', default: false },
  },
});
const ROUNDS = Number(values.rounds);
const STORED = Number(values.stored);
const SECONDS = Number(values.seconds);
const WARM = Number(values.warm);
const PACED = Number(values.paced);
for (const [name, value] of Object.entries({ warm: WARM, paced: PACED, seconds: SECONDS })) {
  if (!(value > 0)) throw new Error(`--${name} must be a number of seconds above 0`);
}
/** Measurements that began without the server having been quiet (quiet() gave up after 15 s). */
let notQuiet = 0;
const CONNECTIONS = Number(values.connections);
const RATE = { create: Number(values['rate-create']), get: Number(values['rate-get']) };
const ENGINES = (values.engines ?? '').split(',').filter(Boolean);

type Kind = 'bare' | 'limit' | 'service';
type Scenario = 'get' | 'create' | `list ${number}`;

interface Server {
  child: ChildProcess;
  port: number;
  headers?: Record<string, string>;
  paymentId?: string;
}

interface Sample {
  round: number;
  engine: string;
  kind: Kind;
  scenario: Scenario;
  rps: number;
  p99: number;
  cpuUs: number;
  /** PostgreSQL's CPU per request at the same fixed rate (bench-database.ts postgresCpuUs). */
  databaseCpuUs: number;
  rssMb: number;
  non2xx: number;
}

function spawnServer(script: string, args: string[], env: Record<string, string>): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    env: { ...process.env, ...env, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
    createInterface({ input: child.stdout! }).once('line', (line) => resolve({ child, ...JSON.parse(line) }));
  });
}

function startServer(kind: Kind, env: Record<string, string>, seed?: Seed): Promise<Server> {
  if (kind === 'bare') return spawnServer('bench/payment-server.ts', ['bare'], env);
  if (kind === 'limit') return spawnServer('bench/limit.ts', [], env);
  if (values.service === 'dist') return startBuilt(env);
  return spawnServer('bench/payment-server.ts', [], { ...env, BENCH_SEED: JSON.stringify(seed) });
}

interface Request {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

async function cannon(
  server: Server,
  request: Request,
  extra: { connections: number; overallRate?: number; duration?: number },
) {
  return autocannon({
    url: `http://127.0.0.1:${server.port}${request.path}`,
    duration: SECONDS,
    method: request.method,
    headers: { ...server.headers, ...(request.body ? { 'content-type': 'application/json' } : {}) },
    ...(request.body ? { body: request.body } : {}),
    ...extra,
  });
}

/**
 * After a warm-up (WARM seconds flat out, then until the server is quiet: bench-database.ts quiet()):
 * CPU per request at the scenario's fixed rate (less what the server uses idle, e.g. workers polling,
 * over as long), then throughput and latency under CONNECTIONS. The paced run comes first, so that it
 * does not pay for a backlog the saturating run left (webhooks of thousands of creates).
 */
async function measure(
  server: Server,
  at: Pick<Sample, 'round' | 'engine' | 'kind' | 'scenario'>,
  request: Request,
  rate: number,
): Promise<Sample> {
  const pid = server.child.pid!;
  // Warm: the first requests compile code (JIT, validators), which is not what is measured. The webhooks
  // of the warm-up's creates go to a closed port: the service's circuit sets them aside within a few
  // polls, and quiet() waits for a pause in the server's CPU use, which comes after that.
  await autocannon({
    url: `http://127.0.0.1:${server.port}${request.path}`,
    connections: 10,
    duration: WARM,
    method: request.method,
    headers: { ...server.headers, ...(request.body ? { 'content-type': 'application/json' } : {}) },
    ...(request.body ? { body: request.body } : {}),
  });
  if (!(await quiet(pid))) notQuiet += 1;
  const {
    used,
    databaseUsed,
    result: paced,
  } = await cpuOfPaced(pid, () =>
    cannon(server, request, { connections: 10, overallRate: rate, duration: PACED }),
  );
  const result = await cannon(server, request, { connections: CONNECTIONS });
  const sample: Sample = {
    ...at,
    rps: Math.round(result.requests.average),
    p99: result.latency.p99,
    cpuUs: Math.round(Math.max(0, used) / Math.max(1, paced.requests.total)),
    databaseCpuUs: Math.round(Math.max(0, databaseUsed) / Math.max(1, paced.requests.total)),
    rssMb: rssMb(pid),
    non2xx: result.non2xx + result.errors + paced.non2xx + paced.errors,
  };
  console.log(JSON.stringify(sample));
  return sample;
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

if (values.service === 'dist') execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
const loadBefore = loadavg();
const samples: Sample[] = [];
for (let round = 1; round <= ROUNDS; round += 1) {
  const bare = await startServer('bare', {});
  samples.push(
    await measure(
      bare,
      { round, engine: '-', kind: 'bare', scenario: 'get' },
      { method: 'GET', path: '/hello' },
      RATE.get,
    ),
  );
  await stop(bare);
  for (const engine of ENGINES) {
    // Alternating: which of the two goes first changes every round.
    const kinds: Kind[] = round % 2 === 1 ? ['limit', 'service'] : ['service', 'limit'];
    for (const kind of kinds) {
      // A database of its own for each server: the limit's creates leave thousands of webhooks that the
      // service's dispatcher would otherwise work through while the service is measured.
      const database = await freshDatabase(engine);
      const env = {
        DATABASE_URL: database.url,
        DATA_DIR: database.dataDir,
        BENCH_STORED_PAYMENTS: String(STORED),
      };
      const seed = await seedDatabase(env);
      const server = await startServer(kind, env, seed);
      server.headers = seed.headers;
      const at = { round, engine, kind };
      if (STORED > 0 && kind === 'service') {
        for (const page of [1, 1000]) {
          const path = `/merchant/v1/payments?page=${page}&limit=100`;
          samples.push(
            await measure(server, { ...at, scenario: `list ${page}` }, { method: 'GET', path }, RATE.get),
          );
        }
      }
      const get = { method: 'GET', path: `/merchant/v1/payments/${seed.paymentId}` } as const;
      samples.push(await measure(server, { ...at, scenario: 'get' }, get, RATE.get));
      const create = { method: 'POST', path: '/merchant/v1/payments/process', body } as const;
      samples.push(await measure(server, { ...at, scenario: 'create' }, create, RATE.create));
      await stop(server);
      await database.cleanup();
    }
  }
}
const loadAfter = loadavg();

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const ratio = (a: number, b: number | undefined) => (b ? (a / b).toFixed(2) : '');

interface Summary {
  engine: string;
  scenario: Scenario;
  kind: Kind;
  rps: number[];
  p99: number;
  cpuUs: number;
  databaseCpuUs: number;
  rssMb: number;
  non2xx: number;
}
const groups = new Map<string, Summary>();
for (const s of samples) {
  const key = `${s.engine}|${s.scenario}|${s.kind}`;
  const g = groups.get(key) ?? { ...s, rps: [], p99: 0, cpuUs: 0, databaseCpuUs: 0, rssMb: 0, non2xx: 0 };
  g.rps.push(s.rps);
  g.rssMb = Math.max(g.rssMb, s.rssMb);
  g.non2xx += s.non2xx;
  groups.set(key, g);
}
for (const g of groups.values()) {
  const mine = samples.filter((s) => s.engine === g.engine && s.scenario === g.scenario && s.kind === g.kind);
  g.p99 = median(mine.map((s) => s.p99));
  g.cpuUs = median(mine.map((s) => s.cpuUs));
  g.databaseCpuUs = median(mine.map((s) => s.databaseCpuUs));
}
const bareGet = groups.get('-|get|bare');
const scenarioName = (s: Scenario) =>
  s === 'get'
    ? 'get payment'
    : s === 'create'
      ? 'create and process'
      : `list payments, page ${s.slice(5)} of 100`;
const lines = [...groups.values()].map((g) => {
  const limit = groups.get(`${g.engine}|${g.scenario}|limit`);
  const service = g.kind === 'service';
  const vsLimit = service && limit ? ratio(median(g.rps), median(limit.rps)) : '';
  const cpuVsLimit = service && limit ? ratio(g.cpuUs, limit.cpuUs) : '';
  const p99VsLimit = service && limit ? ratio(g.p99, limit.p99) : '';
  const vsBare = service && g.scenario === 'get' && bareGet ? ratio(median(g.rps), median(bareGet.rps)) : '';
  const rps = g.rps.map((x) => Math.round(x));
  const database =
    g.engine !== 'postgres'
      ? ''
      : `${g.databaseCpuUs}${service && limit ? ` (${ratio(g.databaseCpuUs, limit.databaseCpuUs)})` : ''}`;
  return `| ${g.engine} | ${scenarioName(g.scenario)} | ${g.kind} | ${Math.min(...rps)} / ${median(rps)} / ${Math.max(...rps)} | ${vsLimit} | ${vsBare} | ${g.p99} | ${p99VsLimit} | ${g.cpuUs} | ${cpuVsLimit} | ${database} | ${g.rssMb} | ${g.non2xx} |`;
});
const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD']).toString().trim();
const dirty = execFileSync('git', ['status', '--porcelain', 'src', 'bench']).toString().trim()
  ? '+changes'
  : '';
const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
const load = (l: number[]) => l.map((x) => x.toFixed(1)).join(' ');
const argv = process.argv.slice(2).join(' ');
const command = `npm run bench:payments${argv ? ` -- ${argv}` : ''}`;
const report = [
  `### ${when} UTC, commit ${commit}${dirty}, \`${command}\``,
  '',
  `${cpus().length} cpus; load average (1/5/15 min) ${load(loadBefore)} before, ${load(loadAfter)} after. ` +
    `${ROUNDS} rounds of ${SECONDS} s, -c ${CONNECTIONS}; every measurement after ${WARM} s flat out and once the server is quiet${notQuiet > 0 ? ` (${notQuiet} of them after 15 s without a quiet moment)` : ''}; CPU per request (less idle) over ${PACED} s at ${RATE.create} creates/s and ${RATE.get} gets/s. ` +
    (values.service === 'dist'
      ? `Service: node ${startFlags().join(' ')} dist/main.js, as npm start runs it (workers on, log at info).`
      : 'Service: bench/payment-server.ts through tsx (workers off).'),
  '',
  '| engine | scenario | server | req/s min / median / max | vs limit | vs bare | p99 ms | p99 vs limit | CPU us/req | CPU vs limit | PostgreSQL CPU us/req (vs limit) | RSS MB max | non-2xx |',
  '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ...lines,
  '',
].join('\n');
console.log(report);

if (!values['dry-run']) {
  const SECTION = '## Payment API against its limit (bench/payments.ts)';
  const HEAD =
    `${SECTION}\n\nEach run: the service, the limit server (bench/limit.ts) and a bare Fastify route, alternating, ` +
    'in rounds; "vs limit" and "vs bare" are ratios of median req/s (and of CPU per request, of p99), the ' +
    "service's to the other's in the same run.\n\n";
  const file = new URL('./RESULTS.md', import.meta.url);
  let text = readFileSync(file, 'utf8');
  if (!text.includes(SECTION)) {
    // Before the older tables, which measured the service alone.
    const older = text.indexOf('## Payment API (bench/payments.ts)');
    text = `${text.slice(0, older).trimEnd()}\n\n${HEAD}${text.slice(older)}`;
  }
  const next = text.indexOf('\n## ', text.indexOf(SECTION) + SECTION.length);
  const at = next === -1 ? text.length : next;
  text = `${text.slice(0, at).trimEnd()}\n\n${report}${next === -1 ? '' : `\n${text.slice(next + 1)}`}`;
  writeFileSync(file, text);
}
