// A test app listening on a real 127.0.0.1 socket, for flows that must cross HTTP (the Open Banking
// adapter calling the sandbox bank, webhooks, browsers). PUBLIC_URL is the address it listens on.
import { createServer } from 'node:net';
import type { TestContext } from 'node:test';
import type { Clock } from '../../src/domain/clock.js';
import { buildTestApp, type TestApp } from './app.js';

export interface ListeningApp extends TestApp {
  /** http://127.0.0.1:<port>, also the app's PUBLIC_URL. */
  baseUrl: string;
  port: number;
  /** https://127.0.0.1:<port> of the sandbox bank's token endpoint and API (client certificates). */
  bankApiUrl: string;
}

function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.on('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * A port that is free right now on 127.0.0.1, picked below the OS's ephemeral range (32768 and up on
 * Linux). A port the OS picks from that range can be handed out again, to an outgoing connection such
 * as a PostgreSQL client's, before the test listens on it: that race made a CI run fail (EADDRINUSE).
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (await bindable(port)) return port;
  }
  throw new Error('no free port found between 20000 and 32000');
}

export async function buildListeningApp(
  t: TestContext,
  env: Record<string, string> = {},
  options: { clock?: Clock; logStream?: { write(line: string): void } } = {},
): Promise<ListeningApp> {
  const port = await freePort();
  let mtlsPort = await freePort();
  while (mtlsPort === port) mtlsPort = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const testApp = await buildTestApp(
    t,
    {
      PUBLIC_URL: baseUrl,
      HOST: '127.0.0.1',
      PORT: String(port),
      SANDBOX_BANK_MTLS_PORT: String(mtlsPort),
      ...env,
    },
    options,
  );
  await testApp.listen({ port, host: '127.0.0.1' });
  return { ...testApp, baseUrl, port, bankApiUrl: `https://127.0.0.1:${mtlsPort}` };
}
