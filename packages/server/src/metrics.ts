// Wires an app's metrics (common/metrics/) when METRICS_PORT is set: what the registry reads from the
// click path and the database pool, the hook counting every request Fastify answers, and the listener.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context';
import {
  createAppMetrics,
  UNMATCHED,
  type AppMetrics,
  type MetricSources,
} from './common/metrics/app-metrics';
import { listenForMetrics, type MetricsListener } from './common/metrics/listener';
import { outcomeOf } from './common/metrics/outcomes';
import { POSTBACK_ROUTE } from './postback/lane';
import { CLICK_ROUTE } from './tracking/click-lane';
import { runningTracking } from './tracking/runtime';

type PoolCounts = NonNullable<MetricSources['pool']>;

/** The node-postgres pool under the database handle; PGlite has none (one connection, in this process). */
function poolOf(ctx: Pick<AppContext, 'db' | 'dbKind'>): PoolCounts | undefined {
  const client = (ctx.db as unknown as { $client?: Partial<PoolCounts> }).$client;
  return ctx.dbKind === 'postgres' && typeof client?.totalCount === 'number'
    ? (client as PoolCounts)
    : undefined;
}

/** The app's metrics, or undefined when METRICS_PORT is unset (nothing is counted then). */
export function appMetrics(ctx: AppContext): AppMetrics | undefined {
  if (ctx.config.metricsPort === undefined) return undefined;
  return createAppMetrics({
    clickRoute: CLICK_ROUTE,
    postbackRoute: POSTBACK_ROUTE,
    pool: poolOf(ctx),
    clickWriter: () => {
      const writer = runningTracking(ctx)?.writer;
      if (!writer) return undefined;
      const oldest = writer.oldestPendingAt;
      const lagSeconds = oldest === undefined ? 0 : Math.max(0, Date.now() - oldest) / 1000;
      return { pending: writer.size, lagSeconds, batches: writer.batchSizes };
    },
  });
}

const listeners = new WeakMap<FastifyInstance, MetricsListener>();
/** The app's metrics listener (its port, when METRICS_PORT was 0), if metrics are on. */
export const metricsListener = (app: FastifyInstance) => listeners.get(app);

/** Counts every answer Fastify sends by its route pattern: added before the routes, so it sees them all. */
export function countAnswers(app: FastifyInstance, metrics: AppMetrics) {
  app.addHook('onResponse', async (req, reply) =>
    metrics.answered(
      req.routeOptions.url ?? UNMATCHED,
      req.method,
      reply.statusCode,
      reply.elapsedTime / 1000,
      outcomeOf(req.raw),
    ),
  );
}

/** Serves /metrics on a listener of its own, closed with the app. */
export async function serveMetrics(app: FastifyInstance, ctx: AppContext, metrics: AppMetrics) {
  const listener = await listenForMetrics(
    metrics.registry,
    ctx.config.metricsPort ?? 0,
    ctx.config.metricsHost,
  );
  listeners.set(app, listener);
  app.addHook('onClose', async () => {
    metrics.close();
    await listener.close();
  });
}
