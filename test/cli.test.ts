// The `paybank` command against a running service, as an operator would use it.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { ADMIN_TOKEN } from './helpers/app.js';
import { companyBody } from './helpers/fixtures.js';
import { buildListeningApp, freePort } from './helpers/listening-app.js';
import { sharedDatabase } from './helpers/service-process.js';

const run = promisify(execFile);
const BIN = new URL('../bin/paybank.js', import.meta.url).pathname;

async function paybank(args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await run(process.execPath, [BIN, ...args], {
      env: { ...process.env, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

test('paybank admin: partner, terminal, API key and company, printed as JSON', async (t) => {
  const app = await buildListeningApp(t);
  const env = { PAYBANK_URL: app.baseUrl, ADMIN_TOKEN };
  const partner = await paybank(['admin', 'partner', 'create', '--name', 'CLI Partner'], env);
  assert.equal(partner.code, 0, partner.stderr);
  const { id, apisecret } = JSON.parse(partner.stdout);
  assert.match(id, /^[0-9a-f]{24}$/);
  assert.ok(apisecret);

  const terminal = await paybank(['admin', 'terminal', 'create', '--partner', id, '--name', 'POS'], env);
  assert.equal(terminal.code, 0, terminal.stderr);
  assert.ok(JSON.parse(terminal.stdout).terminalSecret);

  const key = await paybank(['admin', 'api-key', 'create', '--partner', id], env);
  assert.equal(key.code, 0);
  const company = await paybank(
    ['admin', 'company', 'create', '--partner', id, '--json', JSON.stringify(companyBody())],
    env,
  );
  assert.equal(company.code, 0, company.stderr);
  assert.equal(JSON.parse(company.stdout).result.status, 'active');

  const list = await paybank(['admin', 'request', 'GET', '/admin/v1/partners'], env);
  assert.equal(JSON.parse(list.stdout).data[0].id, id);
});

test('paybank admin: a refused call exits 1 with the problem on stderr; bad usage exits 2', async (t) => {
  const app = await buildListeningApp(t);
  const denied = await paybank(['admin', 'partner', 'list'], {
    PAYBANK_URL: app.baseUrl,
    ADMIN_TOKEN: 'wrong-token-0123456789',
  });
  assert.equal(denied.code, 1);
  assert.equal(JSON.parse(denied.stderr).status, 401);
  const usage = await paybank(['admin', 'partner', 'create'], { PAYBANK_URL: app.baseUrl, ADMIN_TOKEN });
  assert.equal(usage.code, 2);
  assert.match(usage.stderr, /--name is required/);
});

test('paybank migrate brings an empty SQLite database up to date', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'paybank-cli-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const res = await paybank(['migrate'], { DATABASE_URL: `sqlite:${join(dir, 'x.db')}` });
  assert.equal(res.code, 0, res.stderr);
  assert.ok(JSON.parse(res.stdout).applied.includes('0001_foundation'));
});

test('paybank migrate against a database it cannot reach exits 1 with one line naming the cause', async () => {
  const res = await paybank(['migrate'], { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nowhere' });
  assert.equal(res.code, 1);
  assert.match(
    res.stderr,
    /^paybank: migrate: the database schema could not be brought up to date: .*ECONNREFUSED/,
  );
  assert.equal(res.stderr.trim().split('\n').length, 1, res.stderr);
  const bad = await paybank(['migrate'], { DATABASE_URL: 'mysql://x' });
  assert.equal(bad.code, 1);
  assert.match(bad.stderr, /^paybank: DATABASE_URL/);
});

test('paybank --version, version, help and --help answer and exit 0', async () => {
  const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  for (const args of [['--version'], ['-v'], ['version']]) {
    const res = await paybank(args);
    assert.equal(res.code, 0, `${args} ${res.stderr}`);
    assert.equal(res.stdout.trim(), `paybank ${version}`);
  }
  for (const args of [['help'], ['--help']]) {
    const res = await paybank(args);
    assert.equal(res.code, 0, `${args} ${res.stderr}`);
    assert.match(res.stdout, /^usage: paybank <command>/);
  }
});

/** One line, no stack trace (issue 12 item 19). */
function assertOneLine(stderr: string, pattern: RegExp) {
  const lines = stderr.trim().split('\n');
  assert.equal(lines.length, 1, stderr);
  assert.match(lines[0] ?? '', pattern);
  assert.doesNotMatch(stderr, /\n\s+at |TypeError|fetch failed/);
}

test('paybank admin against a service that is not there: one line naming the URL, exit 1', async () => {
  const port = await freePort();
  const res = await paybank(['admin', 'partner', 'list'], {
    PAYBANK_URL: `http://127.0.0.1:${port}`,
    ADMIN_TOKEN,
  });
  assert.equal(res.code, 1, res.stderr);
  assertOneLine(
    res.stderr,
    new RegExp(`^paybank: cannot reach the service at http://127\\.0\\.0\\.1:${port} \\(.*ECONNREFUSED`),
  );
});

test('starting on a busy port: one line naming the address, exit 1', async (t) => {
  const busy = createServer();
  await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
  t.after(() => busy.close());
  const port = (busy.address() as AddressInfo).port;
  const db = await sharedDatabase(t);
  const res = await run(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: new URL('..', import.meta.url).pathname,
    env: {
      PATH: process.env.PATH ?? '',
      DATABASE_URL: db.databaseUrl,
      DATA_DIR: db.dataDir,
      ADMIN_TOKEN,
      HOST: '127.0.0.1',
      PORT: String(port),
      WORKERS: 'false',
    },
  }).then(
    () => ({ code: 0, stderr: '' }),
    (err: { code: number; stderr: string }) => err,
  );
  assert.equal(res.code, 1, res.stderr);
  assertOneLine(
    res.stderr,
    new RegExp(`^paybank: cannot listen on 127\\.0\\.0\\.1:${port}: the port is already in use`),
  );
});

test('paybank bank register: registers at the sandbox bank over mTLS and prints the client id', async (t) => {
  const app = await buildListeningApp(t);
  const dir = mkdtempSync(join(tmpdir(), 'paybank-cli-bank-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const env = {
    SANDBOX: 'true',
    PUBLIC_URL: app.baseUrl,
    SANDBOX_BANK_MTLS_PORT: new URL(app.bankApiUrl).port,
    DATA_DIR: app.config.dataDir,
    DATABASE_URL: `sqlite:${join(dir, 'cli.db')}`,
    OPEN_BANKING_PROVIDERS: '',
  };
  const registered = await paybank(['bank', 'register', 'ob-sandbox'], env);
  assert.equal(registered.code, 0, registered.stderr);
  const answer = JSON.parse(registered.stdout);
  assert.equal(answer.clientId, 'paybank');
  assert.deepEqual(answer.redirectUris, [
    `${app.baseUrl}/public/v1/return`,
    `${app.baseUrl}/public/v1/bank-accounts/return`,
  ]);
  const unknown = await paybank(['bank', 'register', 'ob-nowhere'], env);
  assert.equal(unknown.code, 1);
  assert.match(unknown.stderr, /ob-nowhere is not a configured Open Banking provider/);
  const usage = await paybank(['bank', 'register'], env);
  assert.equal(usage.code, 2);
});
