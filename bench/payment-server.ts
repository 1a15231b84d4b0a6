// The server side of bench/payments.ts, in its own process so that the load generator does not share
// its event loop: `paybank` itself (with a merchant ready to take payments), or a bare Fastify route.
// Prints one JSON line {port, headers?, paymentId?} when ready. `seed` makes the merchant and its first
// payment, prints {headers, paymentId} and exits (bench/limit.ts then serves that database); with
// BENCH_SEED (that line) the service serves an already seeded database.

// First, the service's fix (src/tick-object-maps.ts), as the service and the limit have it.
import '../src/tick-object-maps.js';
import { openSync, writeSync } from 'node:fs';
import Fastify from 'fastify';
import { CompiledQuery } from 'kysely';
import { loadConfig } from '../src/config.js';
import type { Deps } from '../src/context.js';
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

/**
 * Stores `count` copies of one payment for the merchant, in one SQL statement, with new ids and creation
 * times a second apart going back from now: the list benchmark's "N payments stored".
 */
async function storeCopies(deps: Deps, paymentId: string, count: number): Promise<void> {
  const row = await deps.db
    .selectFrom('payments')
    .selectAll()
    .where('id', '=', paymentId)
    .executeTakeFirstOrThrow();
  const columns = Object.keys(row);
  const postgres = deps.engine === 'postgres';
  const series = postgres
    ? 'generate_series(1, $1) as n(i)'
    : '(with recursive s(i) as (select 1 union all select i + 1 from s where i < ?) select i from s) as n';
  const newId = postgres ? 'substr(md5(random()::text || n.i), 1, 24)' : 'lower(hex(randomblob(12)))';
  const createdAt = postgres
    ? `to_char((now() - n.i * interval '1 second') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
    : `strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || n.i || ' seconds')`;
  const values = columns.map((c) =>
    c === 'id'
      ? newId
      : c === 'created_at' || c === 'updated_at'
        ? createdAt
        : c === 'link_token'
          ? 'null'
          : `p.${c}`,
  );
  const where = postgres ? '$2' : '?';
  const text = `insert into payments (${columns.join(', ')}) select ${values.join(', ')} from ${series}, payments p where p.id = ${where}`;
  await deps.db.executeQuery(CompiledQuery.raw(text, [count, paymentId]));
}

async function paybank(): Promise<void> {
  const config = loadConfig({
    ...process.env,
    // The fixtures (test/helpers) create the partner with the tests' operator token.
    ADMIN_TOKEN,
    SANDBOX: 'true',
    // As `npm start` runs it (BENCH_LOG_LEVEL to change), the log written to /dev/null.
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
    WORKERS: 'false',
    // Measured per credential: the benchmark is one merchant, so its limit must not be what is measured.
    RATE_LIMIT_PER_MINUTE: '100000000',
    // The overload guard answers 503 while tsx compiles at start-up on a busy machine; throughput is measured here.
    MAX_EVENT_LOOP_DELAY_MS: '0',
  });
  const clock = new OffsetClock();
  const devNull = openSync('/dev/null', 'w');
  const logStream = { write: (line: string) => void writeSync(devNull, line) };
  const { app, deps, routes, listen } = await buildApp({ config, clock, logStream });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const testApp: TestApp = { app, deps, clock, config, routes, listen, call: (o) => app.inject(o) as never };
  const seeded = process.env.BENCH_SEED
    ? (JSON.parse(process.env.BENCH_SEED) as { headers: Record<string, string>; paymentId: string })
    : await seed(testApp);
  const address = app.server.address();
  process.stdout.write(
    `${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0, ...seeded })}\n`,
  );
  if (process.argv[2] === 'seed') await app.close();
}

async function seed(t: TestApp): Promise<{
  headers: Record<string, string>;
  paymentId: string;
  integrationId: string;
  webhookSecret: string;
}> {
  // BENCH_WEBHOOK_URL: where the integration's webhooks go (a closed port otherwise).
  const webhookUrl = process.env.BENCH_WEBHOOK_URL;
  const m = await merchant(t, webhookUrl ? { integration: { webhookUrl } } : {});
  const created = await t.app.inject({
    method: 'POST',
    url: '/merchant/v1/payments/process',
    headers: m.headers,
    payload: paymentBody(),
  });
  const paymentId = created.json().result.id as string;
  const stored = Number(process.env.BENCH_STORED_PAYMENTS ?? '0');
  if (stored > 1) await storeCopies(t.deps, paymentId, stored - 1);
  return { headers: m.headers, paymentId, integrationId: m.integrationId, webhookSecret: m.webhookSecret };
}

await (process.argv[2] === 'bare' ? bare() : paybank());
