// Instructions per request, counted by valgrind's callgrind: the limit server (bench/limit.ts) and builds
// of the service, one after another on one seeded database. On this shared machine CPU time per request
// moves by 2x within minutes; an instruction count moves by under 1% between runs of the same build, so
// a change worth a few percent shows here where bench:ab cannot see it.
// What it does not count: the kernel's side of system calls (socket reads and writes, fsync), which the
// limit and the service pay alike, so the ratio here is larger than the ratio of CPU time.
// The service runs with its workers off: under valgrind the process runs ~50x slower, and an idle worker
// loop's polls, counted over that stretched time, would outweigh the requests.
// `npm run bench:instructions -- [--scenario get|create] [--engine sqlite|postgres] [--requests 1000]
//   [--warm 20000] [--build .dist-<hash>[@KEY=VALUE,...]]... [--keep] [--main-thread]` (no --build: the limit and dist/).
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { seededDatabase } from './bench-database.js';
import { startBuilt } from './built-service.js';

const { values } = parseArgs({
  options: {
    scenario: { type: 'string', default: 'get' },
    engine: { type: 'string', default: 'sqlite' },
    requests: { type: 'string', default: '1000' },
    warm: { type: 'string' },
    // A build folder, or "limit"; KEY=VALUE pairs after an @ are its environment.
    build: { type: 'string', multiple: true, default: ['limit', 'dist'] },
    // Keeps callgrind's files (their folder is printed) for callgrind_annotate.
    keep: { type: 'boolean', default: false },
    // The main thread only: V8 compiles on threads of its own, and under valgrind's ~50x slowdown
    // the compiler's share of a request is several times what it is at full speed.
    'main-thread': { type: 'boolean', default: false },
  },
});
const create = values.scenario === 'create';
const requests = Number(values.requests);
// Until the JIT has compiled the hot paths: fewer warm-up requests leave TurboFan at work in the count.
const warm = Number(values.warm ?? (create ? 5000 : 20000));

const { database, env, seed } = await seededDatabase(values.engine ?? 'sqlite');
const outDir = mkdtempSync(path.join(tmpdir(), 'paybank-callgrind-'));

/** Starts one build (or the limit) under callgrind with counting off; answers once it serves. */
async function start(build: string, extraEnv: Record<string, string>, out: string) {
  const callgrind = [
    'valgrind',
    '-q',
    '--tool=callgrind',
    '--instr-atstart=no',
    ...(values['main-thread'] ? ['--separate-threads=yes'] : []),
    `--callgrind-out-file=${out}`,
  ];
  const serverEnv = { ...env, ...extraEnv, WORKERS: 'false' };
  if (build !== 'limit') {
    return startBuilt(serverEnv, [], path.join(build, 'main.js'), { command: callgrind, readyWithinS: 300 });
  }
  const child = spawn(
    callgrind[0] as string,
    [...callgrind.slice(1), process.execPath, '--import', 'tsx', 'bench/limit.ts'],
    {
      env: { ...process.env, ...serverEnv, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  );
  const line = await new Promise<string>((resolve) =>
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).once('line', resolve),
  );
  return { child, port: (JSON.parse(line) as { port: number }).port };
}

async function count(spec: string): Promise<number> {
  const [build = 'dist', pairs = ''] = spec.split('@');
  const extraEnv = Object.fromEntries(
    pairs
      .split(',')
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );
  const out = path.join(outDir, `${path.basename(build)}-${Date.now()}`);
  const { child, port } = await start(build, extraEnv, out);
  const pid = String(child.pid);
  const request = {
    url: `http://127.0.0.1:${port}/merchant/v1/payments/${create ? 'process' : seed.paymentId}`,
    headers: { ...seed.headers, ...(create ? { 'content-type': 'application/json' } : {}) },
    ...(create
      ? {
          method: 'POST' as const,
          body: JSON.stringify({
            invoiceRefNumber: 'IR-1',
            amount: '25.50',
            customerName: 'I R',
            type: 'link',
          }),
        }
      : {}),
    connections: 10,
    timeout: 120,
  };
  try {
    await autocannon({ ...request, amount: warm });
    execFileSync('callgrind_control', ['--instr=on', pid], { stdio: 'ignore' });
    const result = await autocannon({ ...request, amount: requests });
    execFileSync('callgrind_control', ['--instr=off', pid], { stdio: 'ignore' });
    execFileSync('callgrind_control', ['--dump', pid], { stdio: 'ignore' });
    if (result.non2xx > 0 || result.errors > 0) throw new Error(`${spec}: ${result.non2xx} answers not 2xx`);
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
  // The dump asked for is <out>.1; the one at exit (<out>) holds nothing, counting being off.
  // With --separate-threads, each thread's dump has a suffix; the main thread's is -01.
  const dump = values['main-thread'] ? `${out}.1-01` : `${out}.1`;
  const totals = /^totals: (\d+)/m.exec(readFileSync(dump, 'utf8'));
  if (!totals) throw new Error(`${spec}: no totals in ${dump}`);
  return Number(totals[1]) / requests;
}

const counted: Array<{ build: string; perRequest: number }> = [];
try {
  for (const spec of values.build ?? []) {
    const perRequest = Math.round(await count(spec));
    counted.push({ build: spec, perRequest });
    console.log(
      JSON.stringify({ engine: values.engine, scenario: values.scenario, build: spec, perRequest }),
    );
  }
} finally {
  await database.cleanup();
  if (values.keep) console.log(`callgrind files kept in ${outDir}`);
  else rmSync(outDir, { recursive: true, force: true });
}
const base = counted[0];
if (base && counted.length > 1) {
  for (const { build, perRequest } of counted.slice(1)) {
    console.log(
      `${build}: ${perRequest} instructions a ${values.scenario}, ${(perRequest / base.perRequest).toFixed(2)}x ${base.build}'s ${base.perRequest}`,
    );
  }
}
