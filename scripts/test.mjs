// Runs every test file under test/ with node's test runner through tsx.
// `npm test -- test/http/terminal` narrows to files under the given paths.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function collect(path, out) {
  if (statSync(path).isDirectory()) {
    for (const entry of readdirSync(path).sort()) collect(join(path, entry), out);
  } else if (path.endsWith('.test.ts')) {
    out.push(path);
  }
  return out;
}

const roots = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const files = (roots.length ? roots : ['test']).flatMap((root) => collect(root, []));
if (files.length === 0) {
  console.error('no test files found');
  process.exit(1);
}
const concurrency = process.env.TEST_CONCURRENCY ?? '4';
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', `--test-concurrency=${concurrency}`, '--test-reporter=spec', ...files],
  { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'test' } },
);
process.exit(result.status ?? 1);
