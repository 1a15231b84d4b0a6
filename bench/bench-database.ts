// What the payment benchmarks share besides the service itself (built-service.ts): a fresh database per
// run, the merchant seeded into it by the service's own fixtures, and the server process's CPU and RSS.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';

export const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/paybank_dev';

export interface Seed {
  headers: Record<string, string>;
  paymentId: string;
  integrationId: string;
  webhookSecret: string;
}

/**
 * A fresh database for one engine and round: an SQLite file or a PostgreSQL schema, and a folder of its
 * own for the service's files (DATA_DIR: its PKI, secrets key and e-mails), all removed by `cleanup`.
 */
export async function freshDatabase(
  engine: string,
): Promise<{ url: string; dataDir: string; cleanup: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'paybank-bench-'));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (engine === 'postgres') {
    const schema = `bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    const url = new URL(PG_URL);
    url.searchParams.set('schema', schema);
    return {
      url: url.toString(),
      dataDir,
      cleanup: async () => {
        await admin.query(`drop schema ${schema} cascade`);
        await admin.end();
        removeDir();
      },
    };
  }
  return { url: `sqlite:${path.join(dataDir, 'bench.db')}`, dataDir, cleanup: async () => removeDir() };
}

/**
 * The merchant and its first payment, made by the service itself (its migrations, its fixtures);
 * BENCH_WEBHOOK_URL in `env` is the integration's webhook URL.
 */
export async function seedDatabase(env: Record<string, string>): Promise<Seed> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/payment-server.ts', 'seed'], {
    env: { ...process.env, ...env, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  let line: string | undefined;
  createInterface({ input: child.stdout }).once('line', (first) => {
    line = first;
  });
  const code = await exited;
  if (!line) throw new Error(`bench/payment-server.ts seed exited with ${code} and printed nothing`);
  return JSON.parse(line) as Seed;
}

/** A fresh database seeded with the merchant, and the environment a server needs for it. */
export async function seededDatabase(engine: string) {
  const database = await freshDatabase(engine);
  const env = { DATABASE_URL: database.url, DATA_DIR: database.dataDir };
  return { database, env, seed: await seedDatabase(env) };
}

export function rssMb(pid: number): number {
  const kb = Number(
    execFileSync('ps', ['-o', 'rss=', '-p', String(pid)])
      .toString()
      .trim(),
  );
  return Math.round(kb / 1024);
}

/**
 * CPU microseconds the process used running `paced` (a load at a fixed rate), less what it uses idle
 * (workers polling) over as long, measured for two seconds first; and PostgreSQL's over the same time
 * (databaseUsed), less its own idle use likewise.
 */
export async function cpuOfPaced<T>(
  pid: number,
  paced: () => Promise<T>,
): Promise<{ used: number; databaseUsed: number; result: T }> {
  const idleFrom = cpuUs(pid);
  const databaseIdleFrom = postgresCpuUs();
  const idleStart = performance.now();
  await new Promise((r) => setTimeout(r, 2000));
  const idleMs = performance.now() - idleStart;
  const idlePerMs = (cpuUs(pid) - idleFrom) / idleMs;
  const databaseIdlePerMs = (postgresCpuUs() - databaseIdleFrom) / idleMs;
  const before = cpuUs(pid);
  const databaseBefore = postgresCpuUs();
  const started = performance.now();
  const result = await paced();
  const ms = performance.now() - started;
  return {
    used: cpuUs(pid) - before - idlePerMs * ms,
    databaseUsed: postgresCpuUs() - databaseBefore - databaseIdlePerMs * ms,
    result,
  };
}

/** CPU time the whole machine has spent busy (not idle nor waiting on I/O), all cores, in microseconds. */
export function machineBusyUs(): number {
  // user nice system idle iowait irq softirq steal, in clock ticks (100 a second): all but idle and
  // iowait. The guest fields after them are already counted in user and nice.
  const fields = readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]!
    .trim()
    .split(/\s+/)
    .slice(1, 9)
    .map(Number);
  const busy = fields.reduce((sum, n, i) => (i === 3 || i === 4 ? sum : sum + n), 0);
  return busy * 10_000;
}

/**
 * CPU time every PostgreSQL process on this machine has used, in microseconds: its backends and its
 * background writers alike, since both are what a request costs the database. On SQLite it stays at
 * the server's idle use, which the caller subtracts. A backend that exits in between (a pool closing a
 * connection idle for 10 s) takes its time from the live processes' sum, and the postmaster, which
 * reaps it, adds that time to its children's (cutime, cstime: in 10 ms ticks), which are counted too:
 * without them a pool that shrank during a paced run read as less than nothing (bench:payments,
 * 2026-12-03 18:27, PostgreSQL's CPU a create 0).
 */
export function postgresCpuUs(): number {
  let ns = 0;
  const processes: Array<{ pid: string; stat: string }> = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8') !== 'postgres\n') continue;
      ns += schedstatNs(`/proc/${entry}/schedstat`);
      processes.push({ pid: entry, stat: readFileSync(`/proc/${entry}/stat`, 'utf8') });
    } catch {
      // The process ended since /proc was read.
    }
  }
  const pids = new Set(processes.map((p) => p.pid));
  for (const { stat } of processes) {
    // After the command's closing bracket: state, ppid, ... utime, stime, cutime, cstime (fields 3-17).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const postmaster = !pids.has(fields[1] ?? '');
    if (postmaster) ns += (Number(fields[13]) + Number(fields[14])) * 10_000_000;
  }
  return ns / 1000;
}

/**
 * Waits until the process is quiet: under 5% of a core over two 250 ms windows in a row, or `maxMs`
 * (then answers false). After a warm-up, V8's optimising compiler and concurrent marking go on for
 * seconds on threads of their own, and the service's dispatcher works through the warm-up's webhooks:
 * not what a request costs a warm server. SQLite, 100 creates/s: right after 1,000 creates, threads other
 * than the main one took 430-550 us a create in the service (148-180 in the limit); after 8 s flat out and
 * a pause, 90-110 (27-44). This waits for a pause in the process's CPU use, whatever its cause.
 */
export async function quiet(pid: number, maxMs = 15_000): Promise<boolean> {
  const deadline = performance.now() + maxMs;
  let calm = 0;
  while (calm < 2) {
    if (performance.now() > deadline) return false;
    const from = cpuUs(pid);
    const start = performance.now();
    await new Promise((r) => setTimeout(r, 250));
    const share = (cpuUs(pid) - from) / ((performance.now() - start) * 1000);
    calm = share < 0.05 ? calm + 1 : 0;
  }
  return true;
}

/** CPU time in nanoseconds: the first field of a schedstat file (a process's or a thread's). */
function schedstatNs(path: string): number {
  return Number(readFileSync(path, 'utf8').split(' ')[0]);
}

/** CPU time one thread of the process has used, in nanoseconds. */
function threadNs(pid: number, task: number | string): number {
  return schedstatNs(`/proc/${pid}/task/${task}/schedstat`);
}

/** CPU time the process's main thread (its event loop) has used, in microseconds. */
export function mainThreadUs(pid: number): number {
  return threadNs(pid, pid) / 1000;
}

/** CPU time the process has used, all its threads, in microseconds. */
export function cpuUs(pid: number): number {
  let ns = 0;
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    try {
      ns += threadNs(pid, task);
    } catch {
      // The thread ended since the folder was read (node keeps its threads, so this is rare).
    }
  }
  return ns / 1000;
}
