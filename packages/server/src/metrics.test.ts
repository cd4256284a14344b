// /metrics: off unless METRICS_PORT is set, never on the public port, and under a small load of clicks
// and postbacks through the lanes its counts equal the rows stored.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from './app';
import { queryOne, sql } from './db/client';
import { metricsListener } from './metrics';
import { POSTBACK_ROUTE } from './postback/lane';
import { buildClickPath } from './test/factories';
import { call, testEnv, testEnvWith, workerDatabase, type TestEnv } from './test/harness';
import { parseMetrics, sampleKey as key, type Samples } from './test/metrics-text';
import { flushPostbackLog, postbackLogOf, postRoute } from './test/postback-fixtures';
import { CLICK_ROUTE } from './tracking/click-lane';
import { flushClicks } from './tracking/service';

const listen = async (app: App) => {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
};

describe('/metrics off by default', () => {
  it('has no listener and the public port answers 404', async () => {
    const env = await testEnv();
    expect(env.ctx.config.metricsPort).toBeUndefined();
    expect(metricsListener(env.app)).toBeUndefined();
    const res = await env.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('# TYPE');
  });
});

describe('/metrics on METRICS_PORT', () => {
  let env: TestEnv;
  let base: string;
  let metricsBase: string;
  const scrape = async (): Promise<Samples> => {
    const res = await fetch(`${metricsBase}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return parseMetrics(await res.text());
  };

  beforeAll(async () => {
    env = await testEnvWith({ METRICS_PORT: '0' });
    base = await listen(env.app);
    metricsBase = `http://127.0.0.1:${metricsListener(env.app)!.port}`;
  });
  afterAll(async () => {
    await env.app.close(); // closes the metrics listener too
  });

  it('serves the text format on its own port and nothing on the public one', async () => {
    const samples = await scrape();
    expect(samples.get('nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(samples.has('nodejs_eventloop_lag_p99_seconds')).toBe(true);
    expect(samples.get('process_cpu_seconds_total')).toBeGreaterThan(0);
    expect(samples.get(key('clicks_refused_total', { reason: 'agent_not_clickable' }))).toBe(0);
    expect(samples.get(key('postbacks_refused_total', { reason: 'WRONG_TOKEN' }))).toBe(0);
    expect(samples.has('click_writer_pending_clicks')).toBe(true);
    // The pool's gauges on PostgreSQL; PGlite has no pool.
    expect(samples.has('db_pool_connections')).toBe(!!workerDatabase());
    expect(samples.has('db_pool_waiting_queries')).toBe(!!workerDatabase());
    expect((await fetch(`${base}/metrics`)).status).toBe(404);
    expect((await fetch(`${metricsBase}/other`)).status).toBe(404);
  });

  it('never labels a request with the API key it came with, right or wrong', async () => {
    const wrong = `sdk_${'Q'.repeat(40)}`;
    const res = await fetch(`${base}/api/agents/search`, {
      method: 'POST',
      headers: { authorization: `Bearer ${wrong}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(401);
    const text = await (await fetch(`${metricsBase}/metrics`)).text();
    expect(text).toContain('/api/agents/search');
    expect(text).not.toContain(wrong.slice(4, 20));
  });

  it('counts clicks and postbacks under load as the tables store them, and requests by route pattern', async () => {
    const p = await buildClickPath(env.ctx);
    const before = await scrape();
    const go = `${base}/api/links/go/${p.site.id}/${p.type.id}`;
    const clickIds: number[] = [];
    const CLICKS = 300;
    for (let batch = 0; batch < CLICKS / 30; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 30 }, () => fetch(`${go}/${p.agent.id}`, { redirect: 'manual' })),
      );
      for (const res of answers) {
        expect(res.status).toBe(302);
        clickIds.push(Number(new URL(res.headers.get('location')!).searchParams.get('clickid')));
      }
    }
    // Refused: an agent that does not exist, a type of no site of this one, a path that is no link.
    expect((await fetch(`${go}/2147483000`, { redirect: 'manual' })).status).toBe(404);
    expect((await fetch(`${base}/api/links/go/${p.site.id}/2147483000/${p.agent.id}`)).status).toBe(404);
    expect((await fetch(`${base}/api/links/go/${p.site.id}/x/${p.agent.id}`)).status).toBe(404);

    await flushClicks(env.ctx);
    const postback = (q: Record<string, string | number>) =>
      fetch(
        `${base}/api/postback/${p.site.id}?${new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)]))}`,
      );
    const token = p.site.postbackToken!;
    const sale = (i: number) => ({ token, clickId: clickIds[i], event: 'sale', txId: `m-${p.site.id}-${i}` });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await postback(sale(i))).status);
    for (let i = 0; i < 4; i++) statuses.push((await postback(sale(i))).status); // duplicates
    for (let i = 0; i < 3; i++) statuses.push((await postback({ ...sale(20 + i), token: 'wrong' })).status);
    statuses.push((await postback({ ...sale(30), clickId: 999_999_999_999 })).status);
    expect(statuses).toEqual([...Array(16).fill(200), 403, 403, 403, 404]);
    // Through the Fastify route: one accepted, one refused.
    expect((await postRoute(env, `/api/postback/${p.site.id}`, sale(40), 'form', '127.0.0.1')).status).toBe(
      200,
    );
    const bad = await postRoute(
      env,
      `/api/postback/${p.site.id}`,
      { ...sale(41), event: 'nope' },
      'json',
      '127.0.0.1',
    );
    expect(bad.status).toBe(400);

    expect((await fetch(`${base}/api/agents/search`, { method: 'POST' })).status).toBe(401);
    expect((await fetch(`${base}/api/no-such-call`)).status).toBe(404);
    expect((await call(env.app, 'GET', 'health')).status).toBe(200);

    await flushClicks(env.ctx);
    await flushPostbackLog(env.ctx);
    const after = await scrape();
    const delta = (name: string, labels?: Record<string, string>) =>
      (after.get(key(name, labels)) ?? 0) - (before.get(key(name, labels)) ?? 0);

    const stored = await queryOne<{ n: number }>(
      env.ctx.db,
      sql`select count(*)::int as n from clicks where agent_id = ${p.agent.id}`,
    );
    expect(stored!.n).toBe(CLICKS);
    expect(delta('clicks_recorded_total')).toBe(stored!.n);
    expect(after.get('click_writer_pending_clicks')).toBe(0);
    expect(delta('click_writer_batch_size_sum')).toBeGreaterThanOrEqual(CLICKS);
    for (const reason of ['agent_not_clickable', 'link_not_clickable', 'bad_path'])
      expect(delta('clicks_refused_total', { reason }), reason).toBe(1);
    expect(delta('clicks_refused_total', { reason: 'unavailable' })).toBe(0);

    // The postback log as its screen reads it: accepted sales from the sales table, the rest logged.
    const logged = await postbackLogOf(env.ctx, p.site.id);
    const byResult: Record<string, number> = {};
    for (const r of logged) byResult[r.result] = (byResult[r.result] ?? 0) + r.count;
    expect(byResult).toEqual({ ACCEPTED: 13, DUPLICATE: 4, WRONG_TOKEN: 3, UNKNOWN_CLICK: 1, BAD_INPUT: 1 });
    expect(delta('postbacks_recorded_total')).toBe(byResult.ACCEPTED);
    expect(delta('postbacks_duplicate_total')).toBe(byResult.DUPLICATE);
    for (const reason of ['WRONG_TOKEN', 'UNKNOWN_CLICK', 'BAD_INPUT'])
      expect(delta('postbacks_refused_total', { reason }), reason).toBe(byResult[reason]);

    const requests = (route: string, method: string, status: number) =>
      delta('http_requests_total', { route, method, status: String(status) });
    expect(requests(CLICK_ROUTE, 'GET', 302)).toBe(CLICKS);
    expect(requests(CLICK_ROUTE, 'GET', 404)).toBe(3);
    expect(requests(POSTBACK_ROUTE, 'GET', 200)).toBe(16);
    expect(requests(POSTBACK_ROUTE, 'GET', 403)).toBe(3);
    expect(requests(POSTBACK_ROUTE, 'GET', 404)).toBe(1);
    expect(requests(POSTBACK_ROUTE, 'POST', 200)).toBe(1);
    expect(requests(POSTBACK_ROUTE, 'POST', 400)).toBe(1);
    expect(requests('/api/agents/search', 'POST', 401)).toBe(1);
    expect(requests('unmatched', 'GET', 404)).toBe(1);
    expect(requests('/api/health', 'GET', 200)).toBe(1);
    expect(delta('http_request_duration_seconds_count', { route: CLICK_ROUTE, method: 'GET' })).toBe(
      CLICKS + 3,
    );
    const clickLatency = { route: CLICK_ROUTE, method: 'GET' };
    expect(after.get(key('http_request_duration_seconds_bucket', { ...clickLatency, le: '+Inf' }))).toBe(
      after.get(key('http_request_duration_seconds_count', clickLatency)),
    );
    // Route patterns only: no label holds a path with an id in it.
    for (const k of after.keys()) expect(k).not.toMatch(/route="[^"]*\/\d/);
  });
});
