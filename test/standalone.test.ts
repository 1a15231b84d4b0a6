// The repository stands alone: a clone with nothing beside it has every document, specification and
// setting its README, tests and service name, and the configuration is listed the same way in the
// code, the README's table and .env.example.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

const root = new URL('..', import.meta.url).pathname;
const read = (file: string) => readFileSync(join(root, file), 'utf8');

function filesUnder(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(join(root, dir))) {
    const path = join(dir, entry);
    if (statSync(join(root, path)).isDirectory()) filesUnder(path, out);
    else out.push(path);
  }
  return out;
}

test('nothing under src, test, scripts or .ci, nor the README, reads the shared folder beside the checkout', () => {
  // Spelled in two pieces so that this file does not find itself.
  const needle = ['..', 'shared'].join('/');
  const offenders = ['src', 'test', 'scripts', '.ci']
    .flatMap((dir) => filesUnder(dir))
    .concat(['README.md'])
    .filter((file) => read(file).includes(needle));
  assert.deepEqual(offenders, []);
});

test('the documents and specifications the README and tests name are in the repository', () => {
  for (const file of [
    'LICENSE',
    '.env.example',
    'docs/api.md',
    'docs/design.md',
    'docs/style.md',
    'docs/service-spec.md',
    'spec/openbanking/payment-initiation-openapi.json',
    'spec/openbanking/account-info-openapi.json',
    'spec/openbanking/conformance/LICENSE.md',
    'spec/openbanking/conformance/ob_3.1_payment_fca.json',
    'spec/openbanking/conformance/ob_3.1_accounts_transactions_fca.json',
    'spec/openbanking/conformance/assertions.json',
    'spec/openbanking/conformance/data.json',
  ]) {
    assert.ok(existsSync(join(root, file)), `${file} is missing`);
  }
  // Every relative link of the README points at a file that exists.
  for (const [, target] of read('README.md').matchAll(/\]\(((?!https?:|#)[^)]+)\)/g)) {
    assert.ok(existsSync(join(root, target as string)), `README links to missing ${target}`);
  }
  assert.match(read('LICENSE'), /^MIT License/);
  assert.equal(JSON.parse(read('package.json')).license, 'MIT');
});

test('every variable the configuration reads is in the README table and .env.example, and no other', () => {
  const code = new Set(
    [...read('src/config.ts').matchAll(/env(?:\.([A-Z][A-Z0-9_]+)|, '([A-Z][A-Z0-9_]+)')/g)].map(
      (m) => (m[1] ?? m[2]) as string,
    ),
  );
  const readme = read('README.md');
  const table = readme.slice(
    readme.indexOf('## Configuration'),
    readme.indexOf('\n## ', readme.indexOf('## Configuration') + 5),
  );
  const documented = new Set(
    [...table.matchAll(/^\|([^|]+)\|/gm)].flatMap((m) =>
      [...(m[1] as string).matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((v) => v[1] as string),
    ),
  );
  const example = new Set(
    [...read('.env.example').matchAll(/^([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1] as string),
  );
  const sorted = (s: Set<string>) => [...s].sort();
  assert.ok(code.size > 20, 'the configuration reads its variables as env.NAME');
  assert.deepEqual(sorted(documented), sorted(code), 'README table vs src/config.ts');
  assert.deepEqual(sorted(example), sorted(code), '.env.example vs src/config.ts');
  // Each example line has a comment above it.
  const lines = read('.env.example').split('\n');
  lines.forEach((line, i) => {
    if (/^[A-Z]/.test(line))
      assert.ok(
        lines
          .slice(0, i)
          .reverse()
          .find((l) => !/^[A-Z]/.test(l))
          ?.startsWith('#'),
        `${line} has no comment`,
      );
  });
});
