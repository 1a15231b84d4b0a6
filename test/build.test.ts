// A second `npm start` from the same checkout builds while the first service runs (issue 12, item 15): the
// running service must keep answering its pages. The build is done in a copy of the checkout (its own
// dist and build folders), so that it races nothing else of the test run.
import assert from 'node:assert/strict';
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  realpathSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sharedDatabase, startServiceProcess } from './helpers/service-process.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));

function checkoutCopy(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'paybank-build-'));
  cpSync(path.join(ROOT, 'src'), path.join(dir, 'src'), { recursive: true });
  cpSync(path.join(ROOT, 'scripts'), path.join(dir, 'scripts'), { recursive: true });
  cpSync(path.join(ROOT, 'package.json'), path.join(dir, 'package.json'));
  cpSync(path.join(ROOT, 'package-lock.json'), path.join(dir, 'package-lock.json'));
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  return dir;
}

const build = (cwd: string) => promisify(execFile)(process.execPath, ['scripts/build.mjs'], { cwd });

/** Pages rendered from templates (unknown links still render a page): none was rendered before. */
const PAGES = [
  `/p?=${'a'.repeat(32)}`,
  `/rf?=${'b'.repeat(32)}`,
  `/rp?=${'c'.repeat(32)}`,
  `/public/v1/verification/${'d'.repeat(32)}`,
  '/p/transfer?=' + 'e'.repeat(32),
];

test('a second build while the service serves pages: no 500, dist/ never missing, then switched', async (t) => {
  const checkout = checkoutCopy();
  t.after(() => rmSync(checkout, { recursive: true, force: true }));
  await build(checkout);
  const first = realpathSync(path.join(checkout, 'dist'));
  const db = await sharedDatabase(t);
  const service = await startServiceProcess(t, db, { SANDBOX: 'true' }, [
    '--enable-source-maps',
    path.join(checkout, 'dist', 'main.js'),
  ]);

  appendFileSync(path.join(checkout, 'src', 'main.ts'), '\n// a change: the next build has new inputs\n');
  const second: ChildProcess = spawn(process.execPath, ['scripts/build.mjs'], {
    cwd: checkout,
    stdio: 'ignore',
  });
  const built = new Promise<number | null>((resolve) => second.once('exit', resolve));
  let finished = false;
  void built.then(() => {
    finished = true;
  });
  // The moment that matters: while the old dist/ would be gone (or, if never, once the build is done),
  // every page is rendered for the first time.
  let missing = false;
  while (!finished && !missing) {
    missing = !existsSync(path.join(checkout, 'dist', 'main.js'));
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  const statuses = await Promise.all(
    PAGES.map(async (page) => [page, (await fetch(`${service.baseUrl}${page}`)).status] as const),
  );
  assert.equal(await built, 0, 'the second build succeeded');
  assert.deepEqual(
    statuses.filter(([, status]) => status >= 500),
    [],
    `pages answered during the build: ${JSON.stringify(statuses)}`,
  );
  assert.equal(missing, false, 'dist/main.js was there at every moment of the build');

  const next = realpathSync(path.join(checkout, 'dist'));
  assert.notEqual(next, first, 'dist now points at the new build');
  assert.ok(existsSync(path.join(first, 'main.js')), "the running service's build is left alone");
  for (const page of PAGES) {
    assert.ok((await fetch(`${service.baseUrl}${page}`)).status < 500, page);
  }

  const builds = () => readdirSync(checkout).filter((name) => name.startsWith('.dist-'));
  const before = builds();
  await build(checkout);
  assert.equal(realpathSync(path.join(checkout, 'dist')), next, 'nothing changed: the same build');
  assert.deepEqual(builds(), before, 'and nothing was built');
  assert.equal(await service.kill('SIGTERM'), 0, service.output());
});
