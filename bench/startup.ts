// Start to ready (DESIGN.md 8: <= 1 s on SQLite): how long from spawning the service until
// /health/ready answers 200, on a fresh DATA_DIR (migrations, sandbox seed, operator token) and again on
// the same DATA_DIR. Measured for what `npm start` runs (dist/, built first) and, for comparison, for
// the TypeScript sources through tsx. Appends its results to bench/RESULTS.md.
// Run: npm run bench:startup [-- --runs 5]
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { freePort } from '../test/helpers/listening-app.js';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const RUNS = Number(values.runs);

async function readyAfter(command: string[], dataDir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, command, {
    env: {
      PATH: process.env.PATH ?? '',
      SANDBOX: 'true',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
    },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the service exited with ${child.exitCode}`);
      const ready = await fetch(`http://127.0.0.1:${port}/health/ready`).then(
        (res) => res.status === 200,
        () => false,
      );
      if (ready) return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
const variants: Array<{ name: string; command: string[] }> = [
  { name: 'node dist/main.js (npm start)', command: ['--enable-source-maps', 'dist/main.js'] },
  { name: 'node --import tsx src/main.ts', command: ['--import', 'tsx', 'src/main.ts'] },
];

const rows: string[] = [];
const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
const load = loadavg()[0]?.toFixed(1);
for (const variant of variants) {
  const fresh: number[] = [];
  const again: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'paybank-startup-'));
    try {
      fresh.push(await readyAfter(variant.command, dataDir));
      again.push(await readyAfter(variant.command, dataDir));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const line = `| ${when} | ${variant.name} | ${Math.round(median(fresh))} | ${Math.round(median(again))} | ${cpus().length} (${load}) | \`npm run bench:startup -- --runs ${RUNS}\` |`;
  console.log(line);
  rows.push(line);
}

const file = 'bench/RESULTS.md';
const heading = '## Start to ready (bench/startup.ts)';
let text = readFileSync(file, 'utf8');
if (!text.includes(heading)) {
  text += `\n${heading}\n\nTarget (DESIGN.md 8): start to ready <= 1 s on SQLite. Median of the runs, in ms, from spawning the process until \`/health/ready\` answers 200: on a fresh DATA_DIR, then restarted on the same one.\n\n| when (UTC) | command | fresh DATA_DIR | restart | cpus (load) | measured with |\n|---|---|---|---|---|---|\n`;
}
writeFileSync(file, `${text.trimEnd()}\n${rows.join('\n')}\n`);
