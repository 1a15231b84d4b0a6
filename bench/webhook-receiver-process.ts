// The benchmarks' side of bench/webhook-receiver.ts: the receiver forked into its own process, and what
// it reports (deliveries, bad signatures, change -> delivery times).
import { fork } from 'node:child_process';

export interface Report {
  received: number;
  badSignatures: number;
  first: number;
  last: number;
  latencies: number[];
}

export interface Receiver {
  port: number;
  report(): Promise<Report>;
  /** `secret` (the webhook signing secret), `reset` (count from nothing) or `stop`. */
  send(message: { type: 'secret'; secret: string } | { type: 'reset' } | { type: 'stop' }): void;
}

export async function forkReceiver(secret = ''): Promise<Receiver> {
  const child = fork(new URL('./webhook-receiver.ts', import.meta.url).pathname, [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, WEBHOOK_SECRET: secret },
  });
  // Never outlives the benchmark, even one that fails.
  process.once('exit', () => child.kill());
  const port = await new Promise<number>((resolve) =>
    child.once('message', (m: { port: number }) => resolve(m.port)),
  );
  return {
    port,
    report: () =>
      new Promise<Report>((resolve) => {
        child.once('message', (m: Report) => resolve(m));
        child.send({ type: 'report' });
      }),
    send: (message) => child.send(message),
  };
}

/** The p-th percentile of ascending `sorted` (NaN when empty). */
export const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : (sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ??
      Number.NaN);
