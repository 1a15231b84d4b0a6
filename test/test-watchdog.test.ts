// scripts/test-watchdog.mjs, as npm test loads it: a hung test fails its run naming it, and what a
// passing run leaves open is named instead of keeping the run alive.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const WATCHDOG = fileURLToPath(new URL('../scripts/test-watchdog.mjs', import.meta.url));

async function runFixture(t: { after(fn: () => unknown): void }, source: string) {
  const dir = await mkdtemp(path.join(tmpdir(), 'paybank-watchdog-'));
  t.after(() => rm(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'fixture.test.mjs');
  await writeFile(file, source);
  const { NODE_TEST_CONTEXT: _, ...env } = process.env;
  const run = spawnSync(
    process.execPath,
    ['--import', WATCHDOG, '--test', '--test-force-exit', '--test-reporter=spec', file],
    { encoding: 'utf8', timeout: 30_000, env: { ...env, TEST_WATCHDOG_MINUTES: '0.01' } },
  );
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

test('a test still running at the watchdog fails the run, named with what it holds open', async (t) => {
  const run = await runFixture(
    t,
    `import { test } from 'node:test';
test('finishes', () => {});
test('never ends', () => new Promise(() => { setInterval(() => {}, 1000); }));
`,
  );
  assert.notEqual(run.status, 0, run.output);
  assert.match(run.output, /watchdog: "never ends" still running after 0\.01 min; open: Timeout/);
});

test('a test whose own cleanup never ends fails the run too', async (t) => {
  const run = await runFixture(
    t,
    `import { test } from 'node:test';
test('cleanup hangs', (t) => { t.after(() => new Promise(() => { setInterval(() => {}, 1000); })); });
`,
  );
  assert.notEqual(run.status, 0, run.output);
  assert.match(run.output, /watchdog: "cleanup hangs" still running after 0\.01 min/);
});

test('what a passing run leaves open is named, and the run still ends', async (t) => {
  const run = await runFixture(
    t,
    `import { test } from 'node:test';
test('leaves a timer', () => { setInterval(() => {}, 1000); });
`,
  );
  assert.equal(run.status, 0, run.output);
  assert.match(run.output, /still open after every test of this process: Timeout/);
});
