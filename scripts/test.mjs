// Runs the test files under test/ with node's test runner through tsx.
//   npm test                         every file
//   npm test -- test/http/terminal   only the files under the given paths
//   npm test -- --isolate            each file in its own process (slower; for hunting a leak between files)
//
//   TEST_WATCHDOG_MINUTES=N          fail a test still running after N minutes (10; scripts/test-watchdog.mjs)
//
// By default the files are shared out among TEST_CONCURRENCY (4) processes, each of which loads the
// TypeScript app once and runs its files one after another. Loading the app through tsx costs about
// 3 s of CPU a process; paid once per file, that was a third of the suite's time. Test files hold no
// state at module level and register no root hooks (only the watchdog does, and the PostgreSQL schema
// pool, which drops its schemas at the end; both alike for every test). What a process shares between
// its tests is a PostgreSQL schema, emptied before it is handed on (test/helpers/schema-pool.ts), and a
// data folder (the sandbox bank's keys, made once; test/helpers/data-dir.ts removes it at exit).
// The shares are balanced with the per-file times in test/durations.json, or durations.postgres.json on
// PostgreSQL (`--record` rewrites the run's own).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

function collect(path, out) {
  if (statSync(path).isDirectory()) {
    for (const entry of readdirSync(path).sort()) collect(join(path, entry), out);
  } else if (path.endsWith('.test.ts')) {
    out.push(path);
  }
  return out;
}

const args = process.argv.slice(2);
const roots = args.filter((a) => !a.startsWith('--'));
const isolate = args.includes('--isolate');
const record = args.includes('--record');
const postgres = (process.env.DATABASE_URL ?? '').startsWith('postgres');
const found = (roots.length ? roots : ['test'])
  .flatMap((root) => collect(root, []))
  .map((f) => relative('.', f));
// A file named *.postgres.test.ts tests PostgreSQL alone, and is left out of a SQLite run. Loaded there, it
// would register no test, and a test process with none hangs on Node 20.20 (the watchdog's root after
// hook with --test-force-exit), growing until it runs out of memory.
const files = postgres ? found : found.filter((f) => !f.endsWith('.postgres.test.ts'));
if (found.length === 0) {
  console.error('no test files found');
  process.exit(1);
}
if (files.length === 0) {
  console.log(`nothing to run on SQLite: ${found.join(', ')} test PostgreSQL alone (set DATABASE_URL)`);
  process.exit(0);
}
const concurrency = Number(process.env.TEST_CONCURRENCY ?? '4');
// Per engine: a test that builds many apps is slower on PostgreSQL, where each build takes more.
const durationsFile = postgres ? 'test/durations.postgres.json' : 'test/durations.json';

function readDurations(file = durationsFile) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Greedy longest-first: each file goes to the share with the least work so far. */
function shares(count) {
  // An engine not recorded yet is balanced with SQLite's times.
  const known = readDurations() ?? readDurations('test/durations.json') ?? {};
  const times = Object.values(known).sort((a, b) => a - b);
  const typical = times[Math.floor(times.length / 2)] ?? 1000;
  const weighed = files.map((file) => ({ file, ms: known[file] ?? typical })).sort((a, b) => b.ms - a.ms);
  const out = Array.from({ length: count }, () => ({ ms: 0, files: [] }));
  for (const { file, ms } of weighed) {
    const least = out.reduce((a, b) => (b.ms < a.ms ? b : a));
    least.ms += ms;
    least.files.push(file);
  }
  return out.filter((s) => s.files.length > 0).map((s) => s.files.sort());
}

let entries = files;
const workDir = join(tmpdir(), `paybank-tests-${process.pid}`);
mkdirSync(workDir, { recursive: true });
if (!isolate && files.length > 1) {
  entries = shares(Math.max(1, concurrency)).map((share, i) => {
    const entry = join(workDir, `share-${i + 1}.test.mjs`);
    writeFileSync(
      entry,
      share.map((f) => `import ${JSON.stringify(pathToFileURL(resolve(f)).href)};\n`).join(''),
    );
    return entry;
  });
}

const reporters = ['--test-reporter=spec', '--test-reporter-destination=stdout'];
if (record) {
  reporters.push(
    `--test-reporter=${pathToFileURL(resolve('scripts/durations-reporter.mjs')).href}`,
    `--test-reporter-destination=${join(workDir, 'durations.json')}`,
  );
}
// A process whose tests have all ended exits even if something was left open (the watchdog names it);
// the flag came in Node 22.0 and 20.14. Not when recording: the forced exit comes before the durations
// reporter has written its file.
const [major, minor] = process.versions.node.split('.').map(Number);
const forceExit = !record && (major >= 22 || (major === 20 && minor >= 14)) ? ['--test-force-exit'] : [];
const watchdog = pathToFileURL(resolve('scripts/test-watchdog.mjs')).href;
const result = spawnSync(
  process.execPath,
  [
    '--import',
    'tsx',
    '--import',
    watchdog,
    '--test',
    `--test-concurrency=${concurrency}`,
    ...forceExit,
    ...reporters,
    ...entries,
  ],
  {
    stdio: 'inherit',
    // @paybank/client resolves to its TypeScript sources in the repository (its `exports` condition
    // "@paybank/source"), so that the tests and the example shop need no build of it first.
    env: {
      ...process.env,
      NODE_ENV: 'test',
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --conditions=@paybank/source`.trim(),
    },
  },
);
if (record) {
  // Merged, so that recording a few files keeps the times of the others.
  const measured = JSON.parse(readFileSync(join(workDir, 'durations.json'), 'utf8'));
  const merged = { ...readDurations(), ...measured };
  const sorted = Object.fromEntries(Object.entries(merged).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(durationsFile, `${JSON.stringify(sorted, null, 2)}\n`);
}
rmSync(workDir, { recursive: true, force: true });
process.exit(result.status ?? 1);
