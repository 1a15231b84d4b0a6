// The server side of bench/payments.ts, in its own process so that the load generator does not share
// its event loop: `paybank` itself (with a merchant ready to take payments), or a bare Fastify route.
// Prints one JSON line {port, headers?, paymentId?} when ready.
import Fastify from 'fastify';
import { loadConfig } from '../src/config.js';
import { OffsetClock } from '../src/domain/clock.js';
import { buildApp } from '../src/server.js';
import { ADMIN_TOKEN, type TestApp } from '../test/helpers/app.js';
import { merchant, paymentBody } from '../test/helpers/merchant.js';

async function bare(): Promise<void> {
  const app = Fastify({ logger: false });
  app.get('/hello', async () => ({ hello: 'world', id: '0123456789abcdef01234567', amount: '25.50' }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  process.stdout.write(
    `${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`,
  );
}

async function paybank(): Promise<void> {
  const config = loadConfig({
    ...process.env,
    // The fixtures (test/helpers) create the partner with the tests' operator token.
    ADMIN_TOKEN,
    SANDBOX: 'true',
    LOG_LEVEL: 'silent',
    WORKERS: 'false',
    // Measured per credential: the benchmark is one merchant, so its limit must not be what is measured.
    RATE_LIMIT_PER_MINUTE: '100000000',
    // The overload guard answers 503 while tsx compiles at start-up on a busy machine; throughput is measured here.
    MAX_EVENT_LOOP_DELAY_MS: '0',
  });
  const clock = new OffsetClock();
  const { app, deps, routes } = await buildApp({ config, clock });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const testApp: TestApp = { app, deps, clock, config, routes, call: (o) => app.inject(o) as never };
  const m = await merchant(testApp);
  const created = await app.inject({
    method: 'POST',
    url: '/merchant/v1/payments/process',
    headers: m.headers,
    payload: paymentBody(),
  });
  const address = app.server.address();
  process.stdout.write(
    `${JSON.stringify({
      port: typeof address === 'object' && address ? address.port : 0,
      headers: m.headers,
      paymentId: created.json().result.id,
    })}\n`,
  );
}

await (process.argv[2] === 'bare' ? bare() : paybank());
