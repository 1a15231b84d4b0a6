// CPU an idle service uses, a second, after a burst of creates whose webhooks go to a closed port (the
// seed's receiver): the dispatcher's and scheduler's polls, with a receiver down and its backlog waiting.
// Per build, on a fresh database each; alternated when given several.
//   npm run bench:idle -- [--engine sqlite|postgres] [--creates 10000] [--seconds 10] [--build dist]...
// Prints one JSON line per run; copy them into bench/RESULTS.md.
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { cpuUs, seededDatabase } from './bench-database.js';
import { startBuilt } from './built-service.js';

const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'sqlite' },
    creates: { type: 'string', default: '10000' },
    seconds: { type: 'string', default: '10' },
    build: { type: 'string', multiple: true, default: ['dist'] },
    // KEY=VALUE, repeatable: the services' environment (e.g. --env WORKERS=false for the floor).
    env: { type: 'string', multiple: true, default: [] },
  },
});
const extraEnv = Object.fromEntries(
  (values.env ?? []).map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
);
const body = JSON.stringify({
  invoiceRefNumber: 'IDLE-1',
  amount: '25.50',
  customerName: 'I D',
  type: 'link',
});

async function idleAfterCreates(build: string) {
  const { database, env, seed } = await seededDatabase(values.engine ?? 'sqlite');
  const service = await startBuilt({ ...env, ...extraEnv }, [], path.join(build, 'main.js'));
  const pid = service.child.pid as number;
  try {
    const burst = await autocannon({
      url: `http://127.0.0.1:${service.port}/merchant/v1/payments/process`,
      headers: { ...seed.headers, 'content-type': 'application/json' },
      method: 'POST',
      body,
      amount: Number(values.creates),
      connections: 20,
    });
    if (burst.non2xx > 0) throw new Error(`${build}: ${burst.non2xx} creates not answered 2xx`);
    // The last deliveries fail and their receiver is held back within this.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const from = cpuUs(pid);
    const started = performance.now();
    await new Promise((resolve) => setTimeout(resolve, Number(values.seconds) * 1000));
    const msPerS = (cpuUs(pid) - from) / (performance.now() - started);
    return {
      engine: values.engine,
      build,
      creates: Number(values.creates),
      idleCpuMsPerS: Number(msPerS.toFixed(1)),
    };
  } finally {
    service.child.kill('SIGTERM');
    await new Promise((resolve) => service.child.once('exit', resolve));
    await database.cleanup();
  }
}

for (let round = 0; round < 2; round++) {
  for (const build of values.build ?? []) console.log(JSON.stringify(await idleAfterCreates(build)));
}
