import { Registry } from 'prom-client';
import { afterEach, expect, it } from 'vitest';
import { registerProcessMetrics } from './process-metrics';

let stop: () => void = () => undefined;
afterEach(() => stop());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function scrape(registry: Registry) {
  const text = await registry.metrics();
  const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1]);
  return {
    max: value('nodejs_eventloop_lag_max_seconds'),
    p50: value('nodejs_eventloop_lag_p50_seconds'),
    cpu: value('process_cpu_seconds_total'),
    rss: value('process_resident_memory_bytes'),
  };
}

it("reports the event loop's delay since the last scrape, CPU time and memory", async () => {
  const registry = new Registry();
  stop = registerProcessMetrics(registry);
  await sleep(50);
  const blockedUntil = Date.now() + 300;
  while (Date.now() < blockedUntil); // the event loop held for 300 ms
  await sleep(30);
  const blocked = await scrape(registry);
  expect(blocked.max).toBeGreaterThanOrEqual(0.25);
  expect(blocked.max).toBeLessThan(1);
  expect(blocked.p50).toBeLessThan(blocked.max);
  expect(blocked.cpu).toBeGreaterThan(0.25);
  expect(blocked.rss).toBeGreaterThan(1e6);

  await sleep(60);
  const after = await scrape(registry);
  expect(after.max).toBeLessThan(0.25); // the blocked stretch belonged to the scrape before
});
