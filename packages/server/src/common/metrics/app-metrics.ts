// The metrics of one app, in a registry of its own (several apps in one process never share a series):
// requests by route and status with their latency, clicks and postbacks recorded and refused, the click
// writer's queue and batches, the PostgreSQL pool, and the process's own figures (process-metrics.ts: the
// event loop's delay among them). Counted only when METRICS_PORT is set; the app builds none otherwise.
import { Counter, Registry } from 'prom-client';
import { POSTBACK_REASONS } from '@salesdesk/contract';
import { BATCH_BOUNDS, FixedHistogram, LATENCY_BOUNDS } from './fixed-histogram';
import { HistogramMetric } from './histogram-metric';
import type { LaneMeter } from './lane-meter';
import { CLICK_REFUSALS, type Outcome } from './outcomes';
import { registerProcessMetrics } from './process-metrics';
import { scrapedGauge } from './scraped-gauge';

/** The route label of a request no route matched (never the raw URL: it is the client's to choose). */
export const UNMATCHED = 'unmatched';

export interface ClickWriterState {
  /** Clicks answered but not yet stored. */
  pending: number;
  /** Seconds since the oldest of them was taken (0 when none waits). */
  lagSeconds: number;
  batches: FixedHistogram;
}

export interface MetricSources {
  /** This process's click writer, once the click path runs. */
  clickWriter: () => ClickWriterState | undefined;
  /** The PostgreSQL pool (node-postgres counts); undefined on PGlite, which has one connection and no pool. */
  pool?: { totalCount: number; idleCount: number; waitingCount: number };
  /** The lanes' route patterns, as Fastify names the routes they stand in front of. */
  clickRoute: string;
  postbackRoute: string;
}

export interface AppMetrics {
  registry: Registry;
  lanes: LaneMeter;
  /** One request Fastify answered: its route pattern (UNMATCHED for none), and what its route noted. */
  answered(route: string, method: string, status: number, seconds: number, outcome?: Outcome): void;
  /** Stops the event loop's sampler (the app closes). */
  close(): void;
}

export function createAppMetrics(sources: MetricSources): AppMetrics {
  const registry = new Registry();
  const stopProcessMetrics = registerProcessMetrics(registry);
  const lane = { clicks: 0, clicksRefused: 0, postbacks: new Map<string, number>() };
  const seen = { clicks: 0, clicksRefused: 0, postbacks: new Map<string, number>() };

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Requests answered, by route pattern, method and status',
    labelNames: ['route', 'method', 'status'],
    registers: [registry],
    // The lanes count in plain numbers; a scrape adds what they counted since the last one.
    collect: foldLanes,
  });
  const latency = new HistogramMetric(
    'http_request_duration_seconds',
    'Time from a request to its answer, by route pattern (a lane click: from its tick’s first click)',
    () => new FixedHistogram(LATENCY_BOUNDS),
  );
  registry.registerMetric(latency as never);
  const clicksRecorded = new Counter({
    name: 'clicks_recorded_total',
    help: 'Clicks recorded (answered 302, kept in the journal)',
    registers: [registry],
    collect: foldLanes,
  });
  const clicksRefused = new Counter({
    name: 'clicks_refused_total',
    help: 'Clicks refused, by reason',
    labelNames: ['reason'],
    registers: [registry],
    collect: foldLanes,
  });
  for (const reason of CLICK_REFUSALS) clicksRefused.labels(reason).inc(0);
  const postbacksRecorded = new Counter({
    name: 'postbacks_recorded_total',
    help: 'Postbacks accepted: a sale, bonus or reversal recorded',
    registers: [registry],
    collect: foldLanes,
  });
  const postbacksDuplicate = new Counter({
    name: 'postbacks_duplicate_total',
    help: 'Postbacks answered as duplicates (a repeated site and txId): nothing changed',
    registers: [registry],
    collect: foldLanes,
  });
  const postbacksRefused = new Counter({
    name: 'postbacks_refused_total',
    help: 'Postbacks refused, by reason (the postback log’s result)',
    labelNames: ['reason'],
    registers: [registry],
    collect: foldLanes,
  });
  for (const reason of POSTBACK_REASONS) postbacksRefused.labels(reason).inc(0);
  registerWriter(registry, sources.clickWriter);
  if (sources.pool) registerPool(registry, sources.pool);

  const laneLatency = {
    click: latency.child({ route: sources.clickRoute, method: 'GET' }),
    postback: latency.child({ route: sources.postbackRoute, method: 'GET' }),
  };
  const countPostback = (result: string | undefined, n = 1) => {
    if (result === 'ACCEPTED') postbacksRecorded.inc(n);
    else if (result === 'DUPLICATE') postbacksDuplicate.inc(n);
    else if (result) postbacksRefused.labels(result).inc(n);
  };

  function foldLanes() {
    const clicks = lane.clicks - seen.clicks;
    const refused = lane.clicksRefused - seen.clicksRefused;
    seen.clicks = lane.clicks;
    seen.clicksRefused = lane.clicksRefused;
    if (clicks) {
      requests.labels(sources.clickRoute, 'GET', '302').inc(clicks);
      clicksRecorded.inc(clicks);
    }
    if (refused) {
      requests.labels(sources.clickRoute, 'GET', '503').inc(refused);
      clicksRefused.labels('unavailable').inc(refused);
    }
    for (const [key, n] of lane.postbacks) {
      const delta = n - (seen.postbacks.get(key) ?? 0);
      if (!delta) continue;
      seen.postbacks.set(key, n);
      const [status, result] = key.split(' ');
      requests.labels(sources.postbackRoute, 'GET', status).inc(delta);
      countPostback(result || undefined, delta);
    }
  }

  const lanes: LaneMeter = {
    clickAnswered(kept, seconds) {
      if (kept) lane.clicks++;
      else lane.clicksRefused++;
      laneLatency.click.observe(seconds);
    },
    postbackAnswered(status, result, seconds) {
      const key = `${status} ${result ?? ''}`;
      lane.postbacks.set(key, (lane.postbacks.get(key) ?? 0) + 1);
      laneLatency.postback.observe(seconds);
    },
  };

  const byRoute = new Map<string, FixedHistogram>();
  return {
    registry,
    lanes,
    close: stopProcessMetrics,
    answered(route, method, status, seconds, outcome) {
      requests.labels(route, method, String(status)).inc();
      const key = `${method} ${route}`;
      let h = byRoute.get(key);
      if (!h) byRoute.set(key, (h = latency.child({ route, method })));
      h.observe(seconds);
      if (!outcome) return;
      if ('postback' in outcome) countPostback(outcome.postback);
      else if (outcome.click === 'recorded') clicksRecorded.inc();
      else clicksRefused.labels(outcome.click).inc();
    },
  };
}

function registerWriter(registry: Registry, writer: MetricSources['clickWriter']) {
  scrapedGauge(
    registry,
    'click_writer_pending_clicks',
    'Clicks answered and journaled but not yet stored in the clicks table',
    () => writer()?.pending ?? 0,
  );
  scrapedGauge(
    registry,
    'click_writer_lag_seconds',
    'Age of the oldest click answered but not yet stored (the health check fails past 10 s)',
    () => writer()?.lagSeconds ?? 0,
  );
  const batches = new HistogramMetric(
    'click_writer_batch_size',
    'Clicks per batch written',
    () => new FixedHistogram(BATCH_BOUNDS),
  );
  batches.addSource(() => {
    const w = writer();
    return w ? [{ labels: {}, histogram: w.batches }] : [];
  });
  registry.registerMetric(batches as never);
}

function registerPool(registry: Registry, pool: NonNullable<MetricSources['pool']>) {
  const gauge = (name: string, help: string, read: () => number) => scrapedGauge(registry, name, help, read);
  gauge('db_pool_connections', 'PostgreSQL connections open in the pool', () => pool.totalCount);
  gauge('db_pool_idle_connections', 'PostgreSQL connections open and idle', () => pool.idleCount);
  gauge('db_pool_waiting_queries', 'Queries waiting for a free connection', () => pool.waitingCount);
}
