// The request-duration histogram is counted by hand (http/latency-histogram.ts): /metrics must read as
// it did when prom-client's Histogram counted it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Histogram, Registry } from 'prom-client';
import { LatencyHistogram } from '../../../src/http/latency-histogram.js';

const BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];
const NAME = 'paybank_http_request_duration_seconds';
const HELP = 'HTTP request duration by route';

function both() {
  const ours = new Registry();
  const theirs = new Registry();
  const histogram = new LatencyHistogram(NAME, HELP, BUCKETS).registerIn(ours);
  const reference = new Histogram({
    name: NAME,
    help: HELP,
    labelNames: ['method', 'route'],
    buckets: BUCKETS,
    registers: [theirs],
  });
  return { ours, theirs, histogram, reference };
}

test('/metrics reads as prom-client wrote it: buckets, bounds, +Inf, sum and count', async () => {
  const { ours, theirs, histogram, reference } = both();
  const observations: Array<[string, string, number[]]> = [
    ['GET', '/merchant/v1/payments/:id', [0.0004, 0.001, 0.0011, 0.02, 0.02, 3, 2.5]],
    ['POST', '/merchant/v1/payments/process', [0.009, 0.3]],
    ['GET', 'unmatched', [0]],
  ];
  for (const [method, route, values] of observations) {
    const series = histogram.series({ method, route });
    for (const value of values) {
      series.observe(value);
      reference.observe({ method, route }, value);
    }
  }
  assert.equal(await ours.metrics(), await theirs.metrics());
  // A value on a bound is counted in that bucket (le: less than or equal).
  assert.match(
    await ours.metrics(),
    /_bucket\{le="0\.001",method="GET",route="\/merchant\/v1\/payments\/:id"\} 2$/m,
  );
});

test('a reset empties every series and keeps them', async () => {
  const { ours, theirs, histogram, reference } = both();
  histogram.series({ method: 'GET', route: '/a' }).observe(0.2);
  reference.observe({ method: 'GET', route: '/a' }, 0.2);
  ours.resetMetrics();
  reference.reset();
  reference.zero({ method: 'GET', route: '/a' });
  assert.equal(await ours.metrics(), await theirs.metrics());
});

test('a value that is not finite is not counted (prom-client refuses it)', async () => {
  const { ours, theirs, histogram, reference } = both();
  const series = histogram.series({ method: 'GET', route: '/a' });
  series.observe(0.002);
  reference.observe({ method: 'GET', route: '/a' }, 0.002);
  for (const value of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
    series.observe(value);
    assert.throws(() => reference.observe({ method: 'GET', route: '/a' }, value));
  }
  assert.equal(await ours.metrics(), await theirs.metrics());
});
