import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { publishChange } from '../common/changes';
import { queryRows, sql } from '../db/client';
import { blackListIps } from '../db/schema';
import { buildClickPath } from '../test/factories';
import { BROWSER_AGENT, call, testEnvWith, type TestEnv } from '../test/harness';
import { parseClickIds } from './click-lane';
import { closeTracking, runningTracking, startTracking } from './runtime';
import { flushClicks } from './service';

describe('parseClickIds', () => {
  const parse = (url: string) => {
    const out = [0, 0, 0];
    return parseClickIds(url, out) ? out : null;
  };

  it('reads the three ids of a plain click path, with or without a query', () => {
    expect(parse('/api/links/go/1/22/333')).toEqual([1, 22, 333]);
    expect(parse('/api/links/go/7/8/9?utm=x')).toEqual([7, 8, 9]);
    expect(parse('/api/links/go/2147483647/1/1')).toEqual([2147483647, 1, 1]);
  });

  it('leaves every other shape to the Fastify route', () => {
    for (const url of [
      '/api/links/go/1/2/3/',
      '/api/links/go/01/2/3',
      '/api/links/go/0/2/3',
      '/api/links/go/1/2',
      '/api/links/go/1/2/3/4',
      '/api/links/go/2147483648/1/1',
      '/api/links/go/12345678901/1/1',
      '/api/links/go/1/0x10/3',
      '/api/links/go/1/1e3/3',
      '/api/links/go/%31/2/3',
      '/api/links/go/1//3',
      '/api/links/go/1/2/3#x',
    ]) {
      expect(parse(url), url).toBeNull();
    }
  });
});

// The lane only runs on a listening server (inject goes straight to Fastify), so these use real HTTP.
describe('the click lane over HTTP', () => {
  // Apps of their own over the worker's database (test files share the worker's app), closed at the end.
  let env: TestEnv;
  let proxied: TestEnv;
  const listen = async (app: App) => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  };
  let base: string;
  let proxiedBase: string;

  beforeAll(async () => {
    env = await testEnvWith({});
    proxied = await testEnvWith({ TRUST_PROXY: '127.0.0.1' });
    base = await listen(env.app);
    proxiedBase = await listen(proxied.app);
  });
  afterAll(async () => {
    await proxied.app.close();
    await env.app.close(); // closes the click path; the next click of another file starts it afresh
  });

  const get = (url: string, headers: Record<string, string> = {}, method = 'GET') =>
    fetch(url, { method, headers: { 'user-agent': BROWSER_AGENT, ...headers }, redirect: 'manual' });
  const clicksOf = async (agentId: number) => {
    await flushClicks(env.ctx);
    return queryRows<{ id: string; ip: string; is_unique: boolean; referer: string; user_agent: string }>(
      env.ctx.db,
      sql`select id, ip, is_unique, referer, user_agent from clicks where agent_id = ${agentId} order by id`,
    );
  };

  it('records the click and answers the same 302 as the Fastify route', async () => {
    const p = await buildClickPath(env.ctx);
    const path = `/api/links/go/${p.site.id}/${p.type.id}/${p.agent.id}`;
    const res = await get(`${base}${path}`, {
      referer: 'https://blog.example/a',
      'user-agent': `${BROWSER_AGENT} UA/9`,
    });
    expect(res.status).toBe(302);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-length')).toBe('0');
    const location = res.headers.get('location')!;
    expect(location).toMatch(new RegExp(`^${p.type.url}\\?clickid=\\d+$`));
    const viaFastify = await call(env.app, 'GET', path.slice(5), { ip: '127.0.0.1' });
    expect(viaFastify.status).toBe(302);
    expect(viaFastify.res.headers['cache-control']).toBe('no-store');

    const rows = await clicksOf(p.agent.id);
    expect(rows.map((r) => [r.ip, r.is_unique, r.referer, r.user_agent])).toEqual([
      ['127.0.0.1', true, 'https://blog.example/a', `${BROWSER_AGENT} UA/9`],
      ['127.0.0.1', false, null, BROWSER_AGENT],
    ]);
    expect(Number(rows[0].id)).toBe(Number(new URL(location).searchParams.get('clickid')));
  });

  it('reads the referer and the user agent whatever the case of their names', async () => {
    const p = await buildClickPath(env.ctx);
    const status = await new Promise<number | undefined>((resolve, reject) =>
      http
        .get(
          `${base}/api/links/go/${p.site.id}/${p.type.id}/${p.agent.id}`,
          {
            headers: {
              'X-Refer': 'not this',
              REFERER: 'https://Blog.example/B',
              'User-Agent': `${BROWSER_AGENT} UA/10`,
            },
          },
          (res) => resolve(res.resume().statusCode),
        )
        .on('error', reject),
    );
    expect(status).toBe(302);
    const rows = await clicksOf(p.agent.id);
    expect(rows.map((r) => [r.referer, r.user_agent])).toEqual([
      ['https://Blog.example/B', `${BROWSER_AGENT} UA/10`],
    ]);
  });

  it('leaves 404s, odd paths and other methods to Fastify, which answers them as before', async () => {
    const p = await buildClickPath(env.ctx);
    const ok = `/api/links/go/${p.site.id}/${p.type.id}/${p.agent.id}`;
    const cases: Array<[string, string, number]> = [
      ['GET', `${ok}/`, 302], // Fastify ignores a trailing slash
      ['GET', `/api/links/go/${p.site.id}/${p.type.id}/${p.agent.id + 100000}`, 404],
      ['GET', `/api/links/go/0${p.site.id}/${p.type.id}/${p.agent.id}`, 404],
      ['GET', `/api/links/go/${p.site.id}/${p.type.id}/3000000000`, 404],
      ['HEAD', ok, 302], // a link checker's: recorded with the HEAD reason (invalid-traffic.test.ts)
      ['POST', ok, 404],
    ];
    for (const [method, path, status] of cases) {
      const res = await get(`${base}${path}`, {}, method);
      expect(res.status, `${method} ${path}`).toBe(status);
      if (status === 404 && method === 'GET') expect(await res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    expect(await clicksOf(p.agent.id)).toHaveLength(2);
  });

  it('reads the client address through a trusted proxy as Fastify does', async () => {
    const p = await buildClickPath(env.ctx);
    const path = `/api/links/go/${p.site.id}/${p.type.id}/${p.agent.id}`;
    expect((await get(`${proxiedBase}${path}`, { 'x-forwarded-for': '203.0.113.9' })).status).toBe(302);
    expect((await get(`${base}${path}`, { 'x-forwarded-for': '203.0.113.10' })).status).toBe(302);
    expect((await clicksOf(p.agent.id)).map((r) => r.ip)).toEqual(['203.0.113.9', '127.0.0.1']);
  });

  it('never counts a black-listed client address unique', async () => {
    const p = await buildClickPath(env.ctx);
    const ip = `203.0.114.${p.agent.id % 250}`;
    await env.ctx.db.insert(blackListIps).values({ ip }).onConflictDoNothing();
    await publishChange(env.ctx, 'tracking');
    const path = `/api/links/go/${p.site.id}/${p.type.id}/${p.agent.id}`;
    expect((await get(`${proxiedBase}${path}`, { 'x-forwarded-for': ip })).status).toBe(302);
    expect((await clicksOf(p.agent.id)).map((r) => [r.ip, r.is_unique])).toEqual([[ip, false]]);
  });

  it('answers 503 and records nothing while the writer holds its maximum of unwritten clicks', async () => {
    const p = await buildClickPath(env.ctx);
    const writer = runningTracking(env.ctx)!.writer;
    Object.defineProperty(writer, 'full', { get: () => true, configurable: true });
    try {
      const res = await get(`${base}/api/links/go/${p.site.id}/${p.type.id}/${p.agent.id}`);
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ code: 'UNAVAILABLE' });
    } finally {
      delete (writer as { full?: boolean }).full;
    }
    expect(await clicksOf(p.agent.id)).toHaveLength(0);
    // Nothing was marked either: the next click of the same address is still the unique one.
    expect((await get(`${base}/api/links/go/${p.site.id}/${p.type.id}/${p.agent.id}`)).status).toBe(302);
    expect((await clicksOf(p.agent.id)).map((r) => r.is_unique)).toEqual([true]);
  });

  it('answers 503 in the API envelope and records nothing once the click path is closing', async () => {
    const p = await buildClickPath(env.ctx);
    const tracking = runningTracking(env.ctx)!;
    await tracking.close();
    const res = await get(`${base}/api/links/go/${p.site.id}/${p.type.id}/${p.agent.id}`);
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ code: 'UNAVAILABLE' });
    expect(await clicksOf(p.agent.id)).toHaveLength(0);
    await closeTracking(env.ctx);
  });
  it('hands clicks to Fastify once its app closes: a keep-alive client gets 503 and cannot hold it open', async () => {
    const own = await testEnvWith({});
    const ownBase = await listen(own.app);
    const p = await buildClickPath(env.ctx);
    await startTracking(env.ctx); // the test before closed it
    const url = `${ownBase}/api/links/go/${p.site.id}/${p.type.id}/${p.agent.id}`;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<{ status?: number; connection?: string }>((resolve, reject) =>
        http
          .get(url, { agent }, (res) => {
            res.resume();
            res.on('end', () => resolve({ status: res.statusCode, connection: res.headers.connection }));
          })
          .on('error', reject),
      );
    expect((await get()).status).toBe(302);
    // The app starts closing while a click is taken and its answer not yet sent: the connection is busy
    // when the server closes the idle ones.
    const keeper = runningTracking(env.ctx)!.keeper;
    const keep = keeper.keep.bind(keeper);
    let closed: Promise<void> | undefined;
    keeper.keep = ((...args: Parameters<typeof keep>) => {
      closed ??= own.app.close();
      return keep(...args);
    }) as typeof keeper.keep;
    try {
      expect((await get()).status).toBe(302);
      expect(await get()).toEqual({ status: 503, connection: 'close' });
      await closed;
    } finally {
      delete (keeper as { keep?: unknown }).keep;
      agent.destroy();
    }
  });
});
