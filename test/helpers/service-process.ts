// Real paybank processes for crash, scale-out and start tests: `node --import tsx src/main.ts` (or the
// built dist/main.js) on a database
// the test shares with them (a SQLite file, or a PostgreSQL schema when DATABASE_URL is postgres://).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestContext } from 'node:test';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../../src/config.js';
import { buildApp } from '../../src/server.js';
import { ADMIN_TOKEN, ENGINE, type TestApp, testDatabaseUrl } from './app.js';
import { freePort } from './listening-app.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface SharedDatabase {
  databaseUrl: string;
  dataDir: string;
}

/** A database that several processes can open: a SQLite file under a fresh DATA_DIR, or a PostgreSQL schema. */
export async function sharedDatabase(t: TestContext): Promise<SharedDatabase> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'paybank-proc-'));
  t.after(() => rm(dataDir, { recursive: true, force: true }));
  const databaseUrl =
    ENGINE === 'postgres' ? await testDatabaseUrl(t) : `sqlite:${path.join(dataDir, 'paybank.db')}`;
  return { databaseUrl, dataDir };
}

function baseEnv(db: SharedDatabase): Record<string, string> {
  return {
    DATABASE_URL: db.databaseUrl,
    DATA_DIR: db.dataDir,
    ADMIN_TOKEN,
    ALLOW_PRIVATE_WEBHOOKS: 'true',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'warn',
    // Test runs share the cores with other suites: event-loop stalls are not overload here.
    MAX_EVENT_LOOP_DELAY_MS: '0',
  };
}

/** The app in the test process, on the shared database, without workers: to seed data through the API. */
export async function seedApp(
  t: TestContext,
  db: SharedDatabase,
  env: Record<string, string> = {},
): Promise<TestApp> {
  const config = loadConfig({
    ...baseEnv(db),
    // Only seeds data; the sandbox mounts the built-in bank, so no bank configuration is needed.
    SANDBOX: 'true',
    WORKERS: 'false',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const { app, deps, routes, listen } = await buildApp({ config });
  let closed = false;
  const close = async () => {
    if (!closed) await app.close();
    closed = true;
  };
  t.after(close);
  await app.ready();
  return {
    app,
    deps,
    clock: deps.clock as TestApp['clock'],
    config,
    routes,
    listen,
    call: (options) => app.inject(options) as never,
  };
}

export interface ServiceProcess {
  baseUrl: string;
  child: ChildProcess;
  /** Everything the process printed (for failure messages). */
  output(): string;
  exited: Promise<number | null>;
  kill(signal: NodeJS.Signals): Promise<number | null>;
}

export async function startServiceProcess(
  t: TestContext,
  db: SharedDatabase,
  env: Record<string, string> = {},
  /** What node runs: the TypeScript sources by default, or e.g. `['dist/main.js']` (what `npm start` runs). */
  entry: string[] = ['--import', 'tsx', 'src/main.ts'],
): Promise<ServiceProcess> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, entry, {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      ...baseEnv(db),
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  t.after(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  const handle: ServiceProcess = {
    baseUrl,
    child,
    output: () => output,
    exited,
    async kill(signal) {
      child.kill(signal);
      return exited;
    },
  };
  // Generous: on a loaded 2-core machine one start through tsx took 15-21 s; a failure prints why.
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`paybank exited early (${child.exitCode}):\n${output}`);
    try {
      const res = await fetch(`${baseUrl}/health/ready`);
      if (res.ok) return handle;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`paybank did not become ready:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Polls until `check` is true (or fails after `timeoutMs`). */
export async function eventually(
  check: () => Promise<boolean>,
  timeoutMs: number,
  what: string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
