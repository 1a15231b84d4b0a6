// Paired A/B of two builds of the service (each `npm run build` leaves its own .dist-<hash>/ folder; see
// scripts/build.mjs): alternating rounds on one seeded database per engine, each build warmed the same
// way, then CPU per request at a fixed rate (less idle) and req/s under load. For a change whose effect
// is smaller than the machine's noise between runs of bench:payments.
// `npm run bench:ab -- --a .dist-<old> --b .dist-<new> [--scenario get|create] [--engine sqlite|postgres]`
// `--interleave N`: both builds run at once and take turns N times in phases of --seconds, each side's
// CPU per request and req/s taken in every turn; the answer is the median of the N ratios b/a. The
// machine's speed drifts by 2x over minutes here (shared with other work): turns of a few seconds see
// the same machine, where rounds a minute apart do not.
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { cpuOfPaced, quiet, seededDatabase } from './bench-database.js';
import { startBuilt } from './built-service.js';

const { values } = parseArgs({
  options: {
    a: { type: 'string' },
    b: { type: 'string' },
    scenario: { type: 'string', default: 'get' },
    engine: { type: 'string', default: 'sqlite' },
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '5' },
    rate: { type: 'string' },
    connections: { type: 'string', default: '50' },
    // KEY=VALUE, repeatable: environment of side b only (e.g. --b-env LOG_LEVEL=warn, --b the same build).
    'b-env': { type: 'string', multiple: true, default: [] },
    // Node flags added for side b only (e.g. --b-flag=--max-semi-space-size=32).
    'b-flag': { type: 'string', multiple: true, default: [] },
    interleave: { type: 'string' },
  },
});
if (!values.a || !values.b) throw new Error('--a and --b name two build folders');
const create = values.scenario === 'create';
const rate = Number(values.rate ?? (create ? 200 : 1000));
const seconds = Number(values.seconds);

const { database, env, seed } = await seededDatabase(values.engine ?? 'sqlite');
const headers = { ...seed.headers, ...(create ? { 'content-type': 'application/json' } : {}) };
const body = create
  ? JSON.stringify({ invoiceRefNumber: 'AB-1', amount: '25.50', customerName: 'A B', type: 'link' })
  : undefined;

interface Result {
  cpu: number;
  rps: number;
  p99: number;
}

const bEnv = Object.fromEntries(
  (values['b-env'] ?? []).map((pair) => [
    pair.slice(0, pair.indexOf('=')),
    pair.slice(pair.indexOf('=') + 1),
  ]),
);

/** Starts one side's build, with side b's environment and flags. */
function startSide(side: 'a' | 'b') {
  const build = path.join(values[side] as string, 'main.js');
  if (side === 'a') return startBuilt(env, [], build);
  return startBuilt({ ...env, ...bEnv }, values['b-flag'] ?? [], build);
}

const requestTo = (port: number) => ({
  url: `http://127.0.0.1:${port}/merchant/v1/payments/${create ? 'process' : seed.paymentId}`,
  headers,
  ...(body ? { method: 'POST' as const, body } : {}),
});

/** CPU per request at the fixed rate (less idle), then req/s and p99 under load, of a warm server. */
async function pacedThenLoaded(pid: number, port: number): Promise<Result> {
  const request = requestTo(port);
  const { used, result: paced } = await cpuOfPaced(pid, () =>
    autocannon({ ...request, duration: seconds, connections: 10, overallRate: rate }),
  );
  const loaded = await autocannon({ ...request, duration: seconds, connections: Number(values.connections) });
  if (paced.non2xx || loaded.non2xx) throw new Error(`port ${port}: answers other than 2xx`);
  return {
    cpu: Math.round(used / paced.requests.total),
    rps: Math.round(loaded.requests.average),
    p99: loaded.latency.p99,
  };
}

async function measure(side: 'a' | 'b'): Promise<Result> {
  const { child, port } = await startSide(side);
  try {
    await autocannon({ ...requestTo(port), amount: create ? 5000 : 20000, connections: 10 });
    // Until the server's CPU use pauses after the warm-up (bench-database.ts quiet()).
    if (!(await quiet(child.pid as number))) console.log(`${side}: not quiet after 15 s`);
    return await pacedThenLoaded(child.pid as number, port);
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)] ?? 0;

/** Both builds up at once, taking turns: the median of the paired ratios. */
async function interleaved(turns: number): Promise<void> {
  const sides = ['a', 'b'] as const;
  const servers = { a: await startSide('a'), b: await startSide('b') };
  try {
    for (const side of sides) {
      await autocannon({ ...requestTo(servers[side].port), amount: create ? 5000 : 20000, connections: 10 });
      if (!(await quiet(servers[side].child.pid as number))) console.log(`${side}: not quiet after 15 s`);
    }
    const turnsOf: Record<'a' | 'b', Result[]> = { a: [], b: [] };
    for (let turn = 0; turn < turns; turn += 1) {
      for (const side of turn % 2 === 0 ? sides : ([...sides].reverse() as Array<'a' | 'b'>)) {
        turnsOf[side].push(await pacedThenLoaded(servers[side].child.pid as number, servers[side].port));
      }
      console.log(
        `turn ${turn + 1}: a ${JSON.stringify(turnsOf.a[turn])} b ${JSON.stringify(turnsOf.b[turn])}`,
      );
    }
    const ratio = (key: keyof Result) =>
      median(turnsOf.b.map((b, i) => b[key] / (turnsOf.a[i]?.[key] ?? Number.NaN))).toFixed(3);
    for (const side of sides) {
      const r = turnsOf[side];
      console.log(
        `${side} ${values[side]}: CPU ${median(r.map((x) => x.cpu))} us/${values.scenario} at ${rate}/s, ` +
          `${median(r.map((x) => x.rps))} req/s, p99 ${median(r.map((x) => x.p99))} ms (medians of ${r.length})`,
      );
    }
    console.log(
      `b/a, median of ${turns} paired turns: CPU ${ratio('cpu')}, req/s ${ratio('rps')}, p99 ${ratio('p99')}`,
    );
  } finally {
    for (const side of sides) {
      servers[side].child.kill('SIGTERM');
      await new Promise((resolve) => servers[side].child.once('exit', resolve));
    }
  }
}

if (values.interleave) {
  await interleaved(Number(values.interleave));
  await database.cleanup();
  process.exit(0);
}

const results: Record<'a' | 'b', Result[]> = { a: [], b: [] };
for (let round = 0; round < Number(values.rounds); round += 1) {
  // Alternating which goes first, so that neither always meets the machine warmer.
  const order = round % 2 === 0 ? (['a', 'b'] as const) : (['b', 'a'] as const);
  for (const side of order) {
    const result = await measure(side);
    results[side].push(result);
    console.log(`round ${round + 1} ${side}: ${JSON.stringify(result)}`);
  }
}
await database.cleanup();

for (const side of ['a', 'b'] as const) {
  const r = results[side];
  console.log(
    `${side} ${values[side]}: CPU ${median(r.map((x) => x.cpu))} us/${values.scenario} at ${rate}/s, ` +
      `${median(r.map((x) => x.rps))} req/s, p99 ${median(r.map((x) => x.p99))} ms (medians of ${r.length})`,
  );
}
