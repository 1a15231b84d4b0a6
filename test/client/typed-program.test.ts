// Issue 15's check: a program written against the generated types alone (the README's merchant,
// terminal and partner flows with openapi-fetch, no casts) compiles under `tsc --strict`. It fails while
// the document makes defaulted query parameters required, declares no Idempotency-Key, or leaves a
// success's data possibly undefined.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

const PROGRAM = 'packages/client/examples/readme-flows.ts';

test('the README flows written on the generated types compile under tsc --strict, with no casts', () => {
  const source = readFileSync(PROGRAM, 'utf8');
  assert.doesNotMatch(source, /\bas\s+(unknown|any|never)\b|<any>|@ts-(ignore|expect-error)|!\./);
  const run = spawnSync(
    process.execPath,
    ['node_modules/typescript/bin/tsc', '-p', 'packages/client/examples/tsconfig.json'],
    { encoding: 'utf8' },
  );
  assert.equal(run.status, 0, run.stdout + run.stderr);
});
