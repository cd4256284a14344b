// The process's own figures, each read when /metrics is scraped. prom-client's collectDefaultMetrics was
// measured at about 3 % of the server's CPU per click on the click path (bench/RESULTS.md, "Metrics on
// the click path"); among its collectors is an observer called for every garbage collection, and a click
// load collects often (not measured apart). These are the figures an operator reads, under prom-client's names so its dashboards
// work: the event loop's delay since the last scrape (libuv's own sampler, no callback per event), CPU
// time, memory and the heap.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Counter, type Registry } from 'prom-client';
import { scrapedGauge } from './scraped-gauge';

const NS = 1e9;
/** The sampler's timer period: each value it records is a whole period plus the delay, so it is taken off. */
const RESOLUTION_MS = 10;
const delaySeconds = (ns: number) => (Number.isNaN(ns) ? 0 : Math.max(0, ns / NS - RESOLUTION_MS / 1000));

export function registerProcessMetrics(registry: Registry): () => void {
  const delay = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  delay.enable();
  const gauge = (name: string, help: string, read: () => number) => scrapedGauge(registry, name, help, read);
  // Read in this order at each scrape; the last one resets the sampler for the next interval.
  gauge('nodejs_eventloop_lag_seconds', 'Mean event loop delay since the last scrape', () =>
    delaySeconds(delay.mean),
  );
  gauge('nodejs_eventloop_lag_p50_seconds', 'Median event loop delay since the last scrape', () =>
    delaySeconds(delay.percentile(50)),
  );
  gauge('nodejs_eventloop_lag_p99_seconds', '99th percentile event loop delay since the last scrape', () =>
    delaySeconds(delay.percentile(99)),
  );
  gauge('nodejs_eventloop_lag_max_seconds', 'Longest event loop delay since the last scrape', () => {
    const max = delaySeconds(delay.max);
    delay.reset();
    return max;
  });
  new Counter({
    name: 'process_cpu_seconds_total',
    help: 'User and system CPU time of the process',
    registers: [registry],
    collect() {
      const { user, system } = process.cpuUsage();
      this.reset();
      this.inc((user + system) / 1e6);
    },
  });
  gauge('process_resident_memory_bytes', 'Resident memory of the process', () => process.memoryUsage.rss());
  gauge('nodejs_heap_size_used_bytes', 'V8 heap in use', () => process.memoryUsage().heapUsed);
  gauge('nodejs_heap_size_total_bytes', 'V8 heap allocated', () => process.memoryUsage().heapTotal);
  return () => delay.disable();
}
