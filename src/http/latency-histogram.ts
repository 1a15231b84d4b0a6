// The request-duration histogram of /metrics, counted in plain numbers. prom-client's Histogram checks
// and hashes its labels on every observe, label-bound children included: about 2% of a get's
// instructions (issue 14, `npm run bench:instructions`). Here a series is found once per route and
// method, and an observation is a bucket search and three additions. prom-client still writes the
// text: the registry takes any metric whose get() gives its values, as prom-client's own cluster
// aggregation registers them.
import type { Metric, Registry } from 'prom-client';

export interface Observer {
  observe(seconds: number): void;
}

interface Series extends Observer {
  labels: Record<string, string>;
  /** Observations per bucket, not cumulative; the last slot is above every bound. */
  counts: number[];
  sum: number;
  count: number;
}

export class LatencyHistogram {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  readonly #series: Series[] = [];

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly buckets: readonly number[],
  ) {}

  /** Registers the histogram with `registry`, as prom-client's metrics register themselves. */
  registerIn(registry: Registry): this {
    registry.registerMetric(this as unknown as Metric);
    return this;
  }

  /** A new series with these labels; the caller keeps it (one per label set). */
  series(labels: Record<string, string>): Observer {
    const { buckets } = this;
    const series: Series = {
      labels,
      counts: new Array<number>(buckets.length + 1).fill(0),
      sum: 0,
      count: 0,
      observe(seconds) {
        // prom-client refuses a value that is not finite; one here would make the sum NaN for good.
        if (!Number.isFinite(seconds)) return;
        let i = 0;
        while (i < buckets.length && seconds > (buckets[i] as number)) i++;
        series.counts[i] = (series.counts[i] as number) + 1;
        series.sum += seconds;
        series.count += 1;
      },
    };
    this.#series.push(series);
    return series;
  }

  /** The values as prom-client's Histogram gives them: cumulative buckets, +Inf, sum and count. */
  get() {
    const values: Array<{ labels: Record<string, string | number>; value: number; metricName: string }> = [];
    for (const { labels, counts, sum, count } of this.#series) {
      let below = 0;
      this.buckets.forEach((le, i) => {
        below += counts[i] as number;
        values.push({ labels: { le, ...labels }, value: below, metricName: `${this.name}_bucket` });
      });
      values.push({ labels: { le: '+Inf', ...labels }, value: count, metricName: `${this.name}_bucket` });
      values.push({ labels, value: sum, metricName: `${this.name}_sum` });
      values.push({ labels, value: count, metricName: `${this.name}_count` });
    }
    const { name, help, type, aggregator } = this;
    return { name, help, type, aggregator, values };
  }

  /** Zeroes every series and keeps it (prom-client's drops them until their next observation). */
  reset(): void {
    for (const series of this.#series) {
      series.counts.fill(0);
      series.sum = 0;
      series.count = 0;
    }
  }
}
