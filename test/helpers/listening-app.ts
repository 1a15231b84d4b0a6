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
}

/** A port that is free right now on 127.0.0.1 (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export async function buildListeningApp(
  t: TestContext,
  env: Record<string, string> = {},
  options: { clock?: Clock } = {},
): Promise<ListeningApp> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const testApp = await buildTestApp(
    t,
    { PUBLIC_URL: baseUrl, HOST: '127.0.0.1', PORT: String(port), ...env },
    options,
  );
  await testApp.app.listen({ port, host: '127.0.0.1' });
  return { ...testApp, baseUrl, port };
}
