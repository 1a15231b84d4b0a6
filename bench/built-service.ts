// The built service as `npm start` runs it (its node flags from package.json), for the benchmarks:
// sandbox on, the rate limit raised, the overload guard off, its log to /dev/null; ready when
// /health/ready answers.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';

export interface BuiltService {
  child: ChildProcess;
  port: number;
}

/** The node flags of `npm start` (package.json), so that the service runs here as it runs there. */
export function startFlags(): string[] {
  const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
  const match = /exec node (.*?)\s*dist\/main\.js/.exec(pkg.scripts.start ?? '');
  return (match?.[1] ?? '').split(' ').filter(Boolean);
}

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * `node dist/main.js` (or another build's main.js) with `env` and any extra node flags (e.g. a CPU
 * profile), once it is ready.
 */
export async function startBuilt(
  env: NodeJS.ProcessEnv,
  nodeFlags: string[] = [],
  main = 'dist/main.js',
  // A command that runs node (e.g. valgrind and its options), and how long the start may take under it.
  under: { command: string[]; readyWithinS: number } = { command: [], readyWithinS: 30 },
): Promise<BuiltService> {
  const port = await freePort();
  // The sandbox bank's mTLS port must be known before the start: paybank registers at it by URL.
  const mtlsPort = await freePort();
  const [command = process.execPath, ...prefix] = [...under.command, process.execPath];
  const child = spawn(command, [...prefix, ...startFlags(), ...nodeFlags, main], {
    env: {
      ...process.env,
      ...env,
      NODE_ENV: 'production',
      SANDBOX: 'true',
      PORT: String(port),
      SANDBOX_BANK_MTLS_PORT: String(mtlsPort),
      RATE_LIMIT_PER_MINUTE: '100000000',
      MAX_EVENT_LOOP_DELAY_MS: '0',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < under.readyWithinS * 10; i += 1) {
    if (child.exitCode !== null) throw new Error(`${main} exited with ${child.exitCode}`);
    const ready = await fetch(`http://127.0.0.1:${port}/health/ready`).catch(() => undefined);
    if (ready?.status === 200) return { child, port };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${main} not ready in ${under.readyWithinS} s`);
}
