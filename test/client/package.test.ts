// @paybank/client as a user gets it: `npm pack` (which builds it: types generated from the document,
// then tsc), the tarball installed into an empty project, a program importing '@paybank/client'
// compiled under `tsc --strict` (NodeNext) and run against a real service. It fails if the package's
// `exports`, `types` or `files` are wrong, or if the built code differs from what the sources do.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { buildListeningApp } from '../helpers/listening-app.js';
import { tenantThroughClient } from './helpers.js';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const TSC = path.join(ROOT, 'node_modules/typescript/bin/tsc');

const PROGRAM = `import { createMerchantClient, PaybankError, type PaymentStatus } from '@paybank/client';

const [baseUrl, integrationId, secretKey] = process.argv.slice(2) as [string, string, string];
const merchant = createMerchantClient({ baseUrl, integrationId, secretKey });
const { result } = await merchant.payments.createAndProcess({ invoiceRefNumber: 'PKG-1', amount: '3.20' });
const { result: read } = await merchant.payments.get(result.id);
const status: PaymentStatus = read.status;
let refused = '';
try {
  await merchant.payments.get('0123456789abcdef01234567');
} catch (err) {
  if (err instanceof PaybankError) refused = err.code;
}
console.log(JSON.stringify({ id: read.id, status, amount: read.amount, refused }));
`;

test('the packed client installs into an empty project, compiles under tsc --strict and works', async (t) => {
  const work = await mkdtemp(path.join(tmpdir(), 'paybank-client-pkg-'));
  t.after(() => rm(work, { recursive: true, force: true }));
  await run('npm', ['pack', '--workspace', '@paybank/client', '--pack-destination', work], { cwd: ROOT });
  const tarball = (await readdir(work)).find((name) => name.endsWith('.tgz'));
  assert.ok(tarball, 'npm pack wrote a tarball');

  const project = path.join(work, 'project');
  await run('mkdir', ['-p', project]);
  await writeFile(
    path.join(project, 'package.json'),
    JSON.stringify({ name: 'shop', private: true, type: 'module' }),
  );
  // Its dependencies (openapi-fetch, standardwebhooks) come from npm's cache, filled by `npm ci`.
  await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', path.join(work, tarball)], {
    cwd: project,
  });
  await writeFile(path.join(project, 'program.ts'), PROGRAM);
  await writeFile(
    path.join(project, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        lib: ['ES2023', 'DOM'],
        types: ['node'],
        typeRoots: [path.join(ROOT, 'node_modules/@types')],
        strict: true,
        skipLibCheck: false,
      },
      files: ['program.ts'],
    }),
  );
  const compiled = await run(process.execPath, [TSC, '-p', 'tsconfig.json'], { cwd: project }).catch(
    (err: { stdout: string; stderr: string }) => assert.fail(`tsc: ${err.stdout}${err.stderr}`),
  );
  assert.equal(compiled.stderr, '');

  const app = await buildListeningApp(t);
  const tenant = await tenantThroughClient(app.baseUrl, 'https://shop.example/webhooks');
  const { stdout } = await run(
    process.execPath,
    ['program.js', app.baseUrl, tenant.merchantOptions.integrationId, tenant.merchantOptions.secretKey],
    // As a user runs it: without the repository's "@paybank/source" condition (npm test sets it).
    { cwd: project, env: { ...process.env, NODE_OPTIONS: '' } },
  );
  const answer = JSON.parse(stdout);
  assert.match(answer.id, /^[0-9a-f]{24}$/);
  assert.equal(answer.status, 'sent');
  assert.equal(answer.amount, '3.20');
  assert.equal(answer.refused, 'not_found');
});
