import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { seededDatabase } from './bench-database.js';
import { startBuilt } from './built-service.js';

const { values } = parseArgs({
  options: {
    rate: { type: 'string', default: '400' },
    seconds: { type: 'string', default: '10' },
    top: { type: 'string', default: '25' },
    // get: GET /merchant/v1/payments/:id; create: POST /merchant/v1/payments/process.
    scenario: { type: 'string', default: 'get' },
    // sqlite: a file of its own; postgres: a schema of its own in BENCH_DATABASE_URL's database.
    engine: { type: 'string', default: 'sqlite' },
  },
});

// A fresh database and DATA_DIR per run (the secrets key lives in DATA_DIR); both removed at the end.
const { database, env, seed: seeded } = await seededDatabase(values.engine ?? 'sqlite');
const create = values.scenario === 'create';
const request = {
  url: '',
  headers: { ...seeded.headers, ...(create ? { 'content-type': 'application/json' } : {}) },
  ...(create
    ? {
        method: 'POST' as const,
        body: JSON.stringify({
          invoiceRefNumber: 'PROFILE-1',
          amount: '25.50',
          customerName: 'Profile',
          type: 'link',
        }),
      }
    : {}),
};

const profileDir = path.join(database.dataDir, 'profile');
const { child: service, port } = await startBuilt(env, ['--cpu-prof', `--cpu-prof-dir=${profileDir}`]);
request.url = `http://127.0.0.1:${port}/merchant/v1/payments/${create ? 'process' : seeded.paymentId}`;
await autocannon({ ...request, amount: create ? 1000 : 3000, connections: 10 });
const result = await autocannon({
  ...request,
  duration: Number(values.seconds),
  connections: 10,
  overallRate: Number(values.rate),
});
service.kill('SIGTERM');
await new Promise((resolve) => service.once('exit', resolve));

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
const file = (await readdir(profileDir)).find((name) => name.endsWith('.cpuprofile'));
const profile = JSON.parse(await readFile(path.join(profileDir, file ?? ''), 'utf8')) as {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
};
const selfUs = new Map<number, number>();
for (const [i, id] of profile.samples.entries()) {
  selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
}
const byFunction = new Map<string, number>();
let total = 0;
let idle = 0;
for (const node of profile.nodes) {
  const us = selfUs.get(node.id) ?? 0;
  const { functionName, url: where, lineNumber } = node.callFrame;
  if (functionName === '(idle)' || functionName === '(program)') {
    idle += functionName === '(idle)' ? us : 0;
    if (functionName === '(idle)') continue;
  }
  total += us;
  const key = `${functionName || '(anonymous)'} ${path.basename(where)}:${lineNumber + 1}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + us);
}
// esbuild marks where each bundled module begins (`// src/store/paging.ts`): self time per module.
const bundle = (await readFile('dist/main.js', 'utf8')).split('\n');
const starts: { line: number; module: string }[] = [];
for (const [i, line] of bundle.entries()) {
  const start = /^\/\/ ((?:src|node_modules)\/\S+)$/.exec(line);
  if (start?.[1]) starts.push({ line: i, module: start[1] });
}
const moduleAt = (line: number) => {
  let lo = 0;
  let hi = starts.length - 1;
  let found = '(bundle prelude)';
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const start = starts[mid] as { line: number; module: string };
    if (start.line <= line) {
      found = start.module;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
};
const byModule = new Map<string, number>();
for (const node of profile.nodes) {
  const us = selfUs.get(node.id) ?? 0;
  const { functionName, url: where, lineNumber } = node.callFrame;
  if (functionName === '(idle)') continue;
  const key = where.endsWith('/main.js')
    ? moduleAt(lineNumber)
    : where
      ? `node:${path.basename(where)}`
      : functionName;
  byModule.set(key, (byModule.get(key) ?? 0) + us);
}
const requests = result.requests.total;
console.log(
  `${requests} ${values.scenario}s at ${values.rate}/s, p99 ${result.latency.p99} ms; busy CPU ${(total / 1000).toFixed(0)} ms ` +
    `(${(total / requests).toFixed(0)} us a request, warm-up and start included), idle ${(idle / 1000).toFixed(0)} ms`,
);
const top = [...byFunction.entries()].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top));
for (const [name, us] of top) console.log(`${((100 * us) / total).toFixed(1).padStart(5)}%  ${name}`);
console.log('\nby module (self time):');
const modules = [...byModule.entries()].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top));
for (const [name, us] of modules) console.log(`${((100 * us) / total).toFixed(1).padStart(5)}%  ${name}`);
await database.cleanup();
