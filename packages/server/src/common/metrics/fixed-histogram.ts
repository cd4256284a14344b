// A histogram kept as plain numbers: one observation is a short loop over the bounds and three adds, no
// allocation and no label hashing, so the click lane can afford it per click. prom-client's own
// histogram hashes its labels and builds an object on every observe; these are read out at a scrape
// (histogram-metric.ts).

export class FixedHistogram {
  /** counts[i]: observations at most bounds[i] and above the bound before; the last slot is +Inf. */
  readonly counts: Float64Array;
  sum = 0;
  count = 0;

  constructor(readonly bounds: readonly number[]) {
    this.counts = new Float64Array(bounds.length + 1);
  }

  observe(value: number) {
    const b = this.bounds;
    let i = 0;
    while (i < b.length && value > b[i]) i++;
    this.counts[i]++;
    this.sum += value;
    this.count++;
  }
}

/** Seconds a request took: 1 ms to 10 s (the click lane answers in well under a millisecond). */
export const LATENCY_BOUNDS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10];
/** Clicks per written batch, up to the writer's 1,000. */
export const BATCH_BOUNDS = [1, 10, 50, 100, 250, 500, 750, 1000];
