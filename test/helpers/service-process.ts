// Real paybank processes for crash, scale-out and start tests: `node --import tsx src/main.ts` (or the
// built dist/main.js) on a database
// the test shares with them (a SQLite file, or a PostgreSQL schema when DATABASE_URL is postgres://).
import { type ChildProcess, spawn } from 'node:child_process';
import { appendFileSync, existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
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
const PRELOAD = fileURLToPath(new URL('./openapi-preload.ts', import.meta.url));

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

/** The entry's arguments less its own `--import tsx` (the check's preload brings tsx first). */
function withoutTsx(entry: string[]): string[] {
  const at = entry.findIndex((arg, i) => arg === '--import' && entry[i + 1] === 'tsx');
  return at === -1 ? entry : [...entry.slice(0, at), ...entry.slice(at + 2)];
}

export interface ServiceProcess {
  baseUrl: string;
  child: ChildProcess;
  /** What the process's OpenAPI check found so far (openapi-preload.ts); empty when the check is off. */
  openApi(): { checked: number; mismatches: string[] };
  /** For a test of the check itself: its mismatches do not fail the test. */
  expectOpenApiMismatches(): void;
  /** Everything the process printed (for failure messages). */
  output(): string;
  exited: Promise<number | null>;
  kill(signal: NodeJS.Signals): Promise<number | null>;
}

/** The child could not listen: another test process took its port after freePort() found it free. */
class PortTaken extends Error {}

/**
 * Whether process `pid` holds the socket listening on 127.0.0.1:`port` (Linux's /proc; elsewhere,
 * assumed). Until a child that lost its port exits, another test process's app answers there.
 */
function listensOn(pid: number | undefined, port: number): boolean {
  let table: string;
  try {
    table = readFileSync('/proc/net/tcp', 'utf8');
  } catch {
    return true;
  }
  const local = `0100007F:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  // Columns: sl, local address, remote address, state (0A: listening), ..., inode (the 10th).
  const inodes = table
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((f) => f[1] === local && f[3] === '0A')
    .map((f) => `socket:[${f[9]}]`);
  if (pid === undefined || inodes.length === 0) return false;
  try {
    return readdirSync(`/proc/${pid}/fd`).some((fd) => {
      try {
        return inodes.includes(readlinkSync(`/proc/${pid}/fd/${fd}`));
      } catch {
        return false;
      }
    });
  } catch {
    return false;
  }
}

export async function startServiceProcess(
  t: TestContext,
  db: SharedDatabase,
  env: Record<string, string> = {},
  /** What node runs: the TypeScript sources by default, or e.g. `['dist/main.js']` (what `npm start` runs). */
  entry: string[] = ['--import', 'tsx', 'src/main.ts'],
): Promise<ServiceProcess> {
  // A port found free can be taken by another test process before the child listens on it (a start
  // takes seconds): the child then exits, and is started again on another port.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(t, db, env, entry, await freePort());
    } catch (err) {
      if (!(err instanceof PortTaken) || attempt >= 3) throw err;
    }
  }
}

async function startOnce(
  t: TestContext,
  db: SharedDatabase,
  env: Record<string, string>,
  entry: string[],
  port: number,
): Promise<ServiceProcess> {
  const baseUrl = `http://127.0.0.1:${port}`;
  // Its exchanges are checked against the OpenAPI document in the process itself, as inject's are.
  const checking = process.env.OPENAPI_VALIDATION !== 'off';
  const reportDir = await mkdtemp(path.join(tmpdir(), 'paybank-openapi-'));
  const mismatchFile = path.join(reportDir, 'mismatches');
  const args = checking ? ['--import', 'tsx', '--import', PRELOAD, ...withoutTsx(entry)] : entry;
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      ...baseEnv(db),
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      ...(checking ? { OPENAPI_MISMATCH_FILE: mismatchFile } : {}),
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
  let mismatchesExpected = false;
  const openApi = () => ({
    checked: existsSync(`${mismatchFile}.checked`)
      ? Number(readFileSync(`${mismatchFile}.checked`, 'utf8'))
      : 0,
    mismatches: existsSync(mismatchFile)
      ? readFileSync(mismatchFile, 'utf8').split('\n').filter(Boolean)
      : [],
  });
  t.after(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
    const { mismatches } = openApi();
    await rm(reportDir, { recursive: true, force: true });
    if (mismatches.length === 0 || mismatchesExpected) return;
    const found = [...new Set(mismatches)].join('\n');
    if (process.env.OPENAPI_MISMATCH_LOG) appendFileSync(process.env.OPENAPI_MISMATCH_LOG, `${found}\n`);
    throw new Error(`requests or answers of the service process off the OpenAPI document:\n${found}`);
  });
  const handle: ServiceProcess = {
    baseUrl,
    child,
    openApi,
    expectOpenApiMismatches: () => {
      mismatchesExpected = true;
    },
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
    if (child.exitCode !== null) {
      if (/the port is already in use/.test(output)) throw new PortTaken(output);
      throw new Error(`paybank exited early (${child.exitCode}):\n${output}`);
    }
    try {
      const res = await fetch(`${baseUrl}/health/ready`);
      // Ready, and the one listening is the child: a 401 from another test process's app was seen.
      if (res.ok && listensOn(child.pid, port)) return handle;
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
