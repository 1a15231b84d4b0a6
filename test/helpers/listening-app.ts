// A test app listening on a real 127.0.0.1 socket, for flows that must cross HTTP (the Open Banking
// adapter calling the sandbox bank, webhooks, browsers). PUBLIC_URL is the address it listens on.
import { createServer } from 'node:net';
import type { TestContext } from 'node:test';
import { buildTestApp, type TestApp } from './app.js';

type BuildOptions = NonNullable<Parameters<typeof buildTestApp>[2]>;

export interface ListeningApp extends TestApp {
  /** http://127.0.0.1:<port>, also the app's PUBLIC_URL. */
  baseUrl: string;
  port: number;
  /** https://127.0.0.1:<port> of the sandbox bank's token endpoint and API (client certificates). */
  bankApiUrl: string;
}

/** Binds `port` on 127.0.0.1 and keeps it: the close function frees it (undefined if it was taken). */
function reserve(port: number): Promise<(() => Promise<void>) | undefined> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.on('error', () => resolve(undefined));
    server.listen(port, '127.0.0.1', () =>
      resolve(() => new Promise<void>((done) => server.close(() => done()))),
    );
  });
}

/**
 * A port that is free right now on 127.0.0.1, picked below the OS's ephemeral range (32768 and up on
 * Linux). A port the OS picks from that range can be handed out again, to an outgoing connection such
 * as a PostgreSQL client's, before the test listens on it: that race made a CI run fail (EADDRINUSE).
 */
export async function freePort(): Promise<number> {
  const { port, release } = await reservedPort();
  await release();
  return port;
}

/**
 * A free port held until `release`: the app is built (which takes a while: migrations, the sandbox
 * bank's registration) while the port stays bound, so another test process picking the same random
 * port in that time fails its own probe instead of our listen (EADDRINUSE seen under load).
 */
async function reservedPort(): Promise<{ port: number; release: () => Promise<void> }> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const release = await reserve(port);
    if (release) return { port, release };
  }
  throw new Error('no free port found between 20000 and 32000');
}

export async function buildListeningApp(
  t: TestContext,
  env: Record<string, string> = {},
  options: Pick<BuildOptions, 'clock' | 'logStream' | 'beforeReady'> = {},
): Promise<ListeningApp> {
  const { port, release: releasePort } = await reservedPort();
  const { port: mtlsPort, release: releaseMtls } = await reservedPort();
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
  await releasePort();
  await releaseMtls();
  await testApp.listen({ port, host: '127.0.0.1' });
  return { ...testApp, baseUrl, port, bankApiUrl: `https://127.0.0.1:${mtlsPort}` };
}
