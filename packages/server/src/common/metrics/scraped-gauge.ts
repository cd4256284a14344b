// A gauge whose value is read when /metrics is scraped: nothing is kept up to date between scrapes.
import { Gauge, type Registry } from 'prom-client';

export function scrapedGauge(registry: Registry, name: string, help: string, read: () => number): void {
  new Gauge({
    name,
    help,
    registers: [registry],
    collect() {
      this.set(read());
    },
  });
}
