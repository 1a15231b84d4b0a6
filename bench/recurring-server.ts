// The server side of bench/recurring.ts, in its own process: paybank with a merchant and `SEED` recurring
// payments already sent. Prints one JSON line {port, headers, recurringId} when ready.
import { loadConfig } from '../src/config.js';
import { OffsetClock } from '../src/domain/clock.js';
import { buildApp } from '../src/server.js';
import { ADMIN_TOKEN, type TestApp } from '../test/helpers/app.js';
import { merchant } from '../test/helpers/merchant.js';
import { recurringBody } from '../test/helpers/recurring.js';

const config = loadConfig({
  ...process.env,
  ADMIN_TOKEN,
  SANDBOX: 'true',
  LOG_LEVEL: 'silent',
  WORKERS: 'false',
  RATE_LIMIT_PER_MINUTE: '100000000',
  MAX_EVENT_LOOP_DELAY_MS: '0',
});
const clock = new OffsetClock();
const { app, deps, routes, listen } = await buildApp({ config, clock });
await app.listen({ port: 0, host: '127.0.0.1' });
const testApp: TestApp = { app, deps, clock, config, routes, listen, call: (o) => app.inject(o) as never };
const m = await merchant(testApp);
let recurringId = '';
for (let i = 0; i < Number(process.env.SEED ?? '200'); i++) {
  const res = await app.inject({
    method: 'POST',
    url: '/merchant/v1/recurring-payments/send',
    headers: m.headers,
    payload: recurringBody({
      recurringPaymentDate: '2030-01-31',
      numberOfPayments: 12,
      initialPaymentAmount: '5.00',
    }),
  });
  recurringId = res.json().result.id;
}
const address = app.server.address();
process.stdout.write(
  `${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0, headers: m.headers, recurringId })}\n`,
);
