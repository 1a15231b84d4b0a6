// RSS of the built service under load, for choosing its node flags (issue 14: under 200 MB): for each
// set of flags, a fresh database, 8 s of creates then 5 s of gets at -c 50, RSS sampled every 250 ms.
//   npm run bench:memory -- [--engines sqlite,postgres] ['--flags=--max-old-space-size=512' ...]
// No --flags: npm start's own flags alone. Flags given are added after npm start's
// (the last of a V8 flag wins). Prints one JSON line per run; copy them into bench/RESULTS.md.
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { freshDatabase, rssMb, seedDatabase } from './bench-database.js';
import { startBuilt } from './built-service.js';

const { values } = parseArgs({
  options: {
    engines: { type: 'string', default: 'sqlite,postgres' },
    flags: { type: 'string', multiple: true },
  },
});
const body = JSON.stringify({
  invoiceRefNumber: 'B-1',
  amount: '25.50',
  customerName: 'Bench',
  type: 'link',
});

async function run(engine: string, flags: string[]) {
  const database = await freshDatabase(engine);
  const env = { DATABASE_URL: database.url, DATA_DIR: database.dataDir };
  const seed = await seedDatabase(env);
  const service = await startBuilt(env, flags);
  let maxRss = 0;
  const sampler = setInterval(() => {
    maxRss = Math.max(maxRss, rssMb(service.child.pid!));
  }, 250);
  const base = `http://127.0.0.1:${service.port}/merchant/v1/payments`;
  const creates = await autocannon({
    url: `${base}/process`,
    method: 'POST',
    headers: { ...seed.headers, 'content-type': 'application/json' },
    body,
    connections: 50,
    duration: 8,
  });
  const gets = await autocannon({
    url: `${base}/${seed.paymentId}`,
    headers: seed.headers,
    connections: 50,
    duration: 5,
  });
  clearInterval(sampler);
  const endRss = rssMb(service.child.pid!);
  service.child.kill('SIGTERM');
  await new Promise((resolve) => service.child.once('exit', resolve));
  await database.cleanup();
  const result = {
    engine,
    flags: flags.join(' ') || '(npm start)',
    createsPerSecond: Math.round(creates.requests.average),
    getsPerSecond: Math.round(gets.requests.average),
    maxRssMb: maxRss,
    endRssMb: endRss,
    non2xx: creates.non2xx + creates.errors + gets.non2xx + gets.errors,
  };
  console.log(JSON.stringify(result));
}

execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
const sets = (values.flags ?? ['']).map((f) => f.split(' ').filter(Boolean));
for (const engine of (values.engines ?? '').split(',').filter(Boolean)) {
  for (const flags of sets) await run(engine, flags);
}
