// FixedHistograms as one Prometheus histogram with labels: registered in the app's registry like any
// prom-client metric (a name, a help, a type and get()), read only when scraped.
import type { FixedHistogram } from './fixed-histogram';

type Labels = Record<string, string>;
interface Value {
  labels: Labels;
  value: number;
  metricName: string;
}

export class HistogramMetric {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly series = new Map<string, { labels: Labels; histogram: FixedHistogram }>();
  private readonly sources: Array<() => Array<{ labels: Labels; histogram: FixedHistogram }>> = [];

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly make: () => FixedHistogram,
  ) {}

  /** The histogram of one label set, made once: callers keep it and observe on it directly. */
  child(labels: Labels): FixedHistogram {
    const key = JSON.stringify(labels);
    let s = this.series.get(key);
    if (!s) this.series.set(key, (s = { labels, histogram: this.make() }));
    return s.histogram;
  }

  /** Histograms owned elsewhere (the click writer's batch sizes), read at each scrape. */
  addSource(source: () => Array<{ labels: Labels; histogram: FixedHistogram }>) {
    this.sources.push(source);
  }

  get() {
    const values: Value[] = [];
    const all = [...this.series.values(), ...this.sources.flatMap((source) => source())];
    for (const { labels, histogram: h } of all) {
      let cumulative = 0;
      h.bounds.forEach((bound, i) => {
        cumulative += h.counts[i];
        values.push({
          labels: { ...labels, le: String(bound) },
          value: cumulative,
          metricName: `${this.name}_bucket`,
        });
      });
      values.push({ labels: { ...labels, le: '+Inf' }, value: h.count, metricName: `${this.name}_bucket` });
      values.push({ labels, value: h.sum, metricName: `${this.name}_sum` });
      values.push({ labels, value: h.count, metricName: `${this.name}_count` });
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }

  reset() {
    this.series.clear();
  }
}
