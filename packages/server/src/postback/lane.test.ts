// The postback lane answers a plain GET exactly as the Fastify route does: each case is sent once to a
// node:http server holding only the lane (what it leaves answers 599) and once to the route (inject goes
// straight to Fastify), and the two answers are compared.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTBACK_RATE_PER_MINUTE } from '@salesdesk/contract';
import type { AppContext } from '../context';
import { queryRows, sql } from '../db/client';
import type { LaneHost } from '../http/lane';
import { buildClickPath } from '../test/factories';
import { call, testEnvWith, type TestEnv } from '../test/harness';
import { clientAnswer, postbackIpLimit } from './ip-limit';
import { parsePostbackSite, postbackLane } from './lane';
import { MemoryLimits } from '../common/shared-limits/memory';

const LEFT = 599;
// Headers node adds on a real connection; the limit's counters, which move with every request, and the
// length of a body that differs (a sale, then its duplicate).
const TRANSPORT = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);
const VARYING = new Set(['x-ratelimit-remaining', 'x-ratelimit-reset', 'retry-after', 'content-length']);

describe('parsePostbackSite', () => {
  it('reads the site of a plain postback path, with or without a query', () => {
    expect(parsePostbackSite('/api/postback/7')).toBe(7);
    expect(parsePostbackSite('/api/postback/42?token=x&txId=1')).toBe(42);
    expect(parsePostbackSite('/api/postback/2147483647?')).toBe(2147483647);
  });

  it('leaves every other shape to the Fastify route', () => {
    for (const url of [
      '/api/postback/',
      '/api/postback/0',
      '/api/postback/07',
      '/api/postback/2147483648',
      '/api/postback/12345678901',
      '/api/postback/0x10',
      '/api/postback/1e3',
      '/api/postback/%37',
      '/api/postback/7/',
      '/api/postback/7/x',
      '/api/postback/7#x',
      '/api/postback/-7',
    ]) {
      expect(parsePostbackSite(url), url).toBe(0);
    }
  });
});

describe('the postback lane', () => {
  let env: TestEnv;
  let server: http.Server;
  let base: string;
  const lines: Array<Record<string, unknown>> = [];
  const host: LaneHost = { closing: false };

  beforeAll(async () => {
    env = await testEnvWith({ TRUST_PROXY: '127.0.0.1' });
    host.log = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    const lane = postbackLane(env.ctx, ['127.0.0.1'], host);
    server = http.createServer((req, res) => {
      if (!lane(req, res)) res.writeHead(LEFT).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await env.app.close();
  });

  let ipCount = 0;
  const freshIp = () => `10.77.${(++ipCount >> 8) & 255}.${ipCount & 255}`;

  interface Answer {
    status: number;
    body: unknown;
    headers: Record<string, string>;
  }
  const laneAnswer = async (path: string, ip: string, method = 'GET'): Promise<Answer> => {
    const res = await fetch(`${base}${path}`, { method, headers: { 'x-forwarded-for': ip } });
    const text = await res.text();
    if (res.status !== LEFT) expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength(text)));
    return {
      status: res.status,
      body: text ? JSON.parse(text) : undefined,
      headers: Object.fromEntries(res.headers),
    };
  };
  const routeAnswer = async (path: string, ip: string): Promise<Answer> => {
    const res = await env.app.inject({
      method: 'GET',
      url: path,
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': ip },
    });
    return {
      status: res.statusCode,
      body: res.body ? JSON.parse(res.body) : undefined,
      headers: Object.fromEntries(Object.entries(res.headers).map(([k, v]) => [k, String(v)])),
    };
  };
  /** The same headers with the same values; the varying ones only present in both. */
  const expectSameHeaders = (lane: Answer, route: Answer) => {
    const names = (a: Answer) =>
      Object.keys(a.headers)
        .filter((h) => !TRANSPORT.has(h))
        .sort();
    expect(names(lane)).toEqual(names(route));
    for (const name of names(route)) {
      if (!VARYING.has(name)) expect(lane.headers[name], name).toBe(route.headers[name]);
    }
  };

  const clicked = async () => {
    const p = await buildClickPath(env.ctx);
    const res = await call(env.app, 'GET', `links/go/${p.site.id}/${p.type.id}/${p.agent.id}`, {
      ip: freshIp(),
    });
    const clickId = Number(new URL(res.res.headers.location as string).searchParams.get('clickid'));
    return { ...p, clickId };
  };
  const path = (siteId: number, params: Record<string, string | number>) =>
    `/api/postback/${siteId}?${new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]))}`;
  const salesOf = (siteId: number) =>
    queryRows<{ id: string; tx_id: string }>(
      env.ctx.db,
      sql`select id, tx_id from sales where site_id = ${siteId}`,
    );

  it('records a sale and answers it as the route does; the route then finds the duplicate', async () => {
    const p = await clicked();
    const url = path(p.site.id, {
      token: p.site.postbackToken,
      clickId: p.clickId,
      event: 'sale',
      txId: 'lane-1',
    });
    const ip = freshIp();
    const lane = await laneAnswer(url, ip);
    expect(lane.status).toBe(200);
    const [sale] = await salesOf(p.site.id);
    expect(lane.body).toEqual({ ok: true, duplicate: false, saleId: Number(sale.id) });
    const route = await routeAnswer(url, ip);
    expect(route).toMatchObject({
      status: 200,
      body: { ok: true, duplicate: true, saleId: Number(sale.id) },
    });
    expectSameHeaders(lane, route);
    expect(await laneAnswer(url, ip)).toMatchObject({ status: 200, body: route.body });
    expect(await salesOf(p.site.id)).toHaveLength(1);
  });

  it("answers every refusal with the route's status, envelope and headers, and stores nothing", async () => {
    const p = await clicked();
    const good = { token: p.site.postbackToken, clickId: p.clickId, event: 'sale', txId: 'refused' };
    const raw = (query: string) => `/api/postback/${p.site.id}?${query}`;
    const cases = [
      path(p.site.id, { ...good, token: 'wrong' }),
      path(p.site.id + 100_000, good),
      path(p.site.id, { ...good, clickId: p.clickId + 1_000_000 }),
      path(p.site.id, { ...good, clickId: '0x10' }),
      path(p.site.id, { ...good, clickId: '1e3' }),
      path(p.site.id, { ...good, clickId: '9007199254740993' }),
      path(p.site.id, { ...good, event: 'refund' }),
      path(p.site.id, { ...good, txId: 'x'.repeat(129) }),
      path(p.site.id, { ...good, txId: 'nul\u0000byte' }),
      path(p.site.id, { ...good, email: 'e\u0000@example.com' }),
      raw(`token=${p.site.postbackToken}&token=two&clickId=${p.clickId}&event=sale&txId=t`),
      raw('txId=%ZZ&token=%'),
      raw(''),
      `/api/postback/${p.site.id}`,
    ];
    for (const url of cases) {
      const ip = freshIp();
      const lane = await laneAnswer(url, ip);
      const route = await routeAnswer(url, ip);
      expect(lane.status, url).not.toBe(LEFT);
      expect(lane.status, url).toBeGreaterThanOrEqual(400);
      expect([lane.status, lane.body], url).toEqual([route.status, route.body]);
      expectSameHeaders(lane, route);
    }
    expect(await salesOf(p.site.id)).toHaveLength(0);
  });

  it('leaves a POST, a HEAD, other shapes and a closing app to Fastify', async () => {
    const p = await clicked();
    const query = `?token=${p.site.postbackToken}&clickId=${p.clickId}&event=sale&txId=left`;
    expect((await laneAnswer(`/api/postback/${p.site.id}${query}`, freshIp(), 'POST')).status).toBe(LEFT);
    expect((await laneAnswer(`/api/postback/${p.site.id}${query}`, freshIp(), 'HEAD')).status).toBe(LEFT);
    for (const shape of [`0${p.site.id}`, `${p.site.id}/`, '2147483648', 'x']) {
      expect((await laneAnswer(`/api/postback/${shape}${query}`, freshIp())).status, shape).toBe(LEFT);
    }
    host.closing = true;
    try {
      expect((await laneAnswer(`/api/postback/${p.site.id}${query}`, freshIp())).status).toBe(LEFT);
    } finally {
      host.closing = false;
    }
    expect(await salesOf(p.site.id)).toHaveLength(0);
  });

  it('counts one limit per client address with the route, and refuses past it in the envelope', async () => {
    const p = await clicked();
    const url = (txId: string) =>
      path(p.site.id, { token: p.site.postbackToken, clickId: p.clickId, event: 'sale', txId });
    const ip = freshIp();
    const remaining = (a: Answer) => Number(a.headers['x-ratelimit-remaining']);
    const first = await laneAnswer(url('c1'), ip);
    expect(first.headers['x-ratelimit-limit']).toBe(String(POSTBACK_RATE_PER_MINUTE));
    expect(remaining(first)).toBe(POSTBACK_RATE_PER_MINUTE - 1);
    expect(remaining(await routeAnswer(url('c2'), ip))).toBe(POSTBACK_RATE_PER_MINUTE - 2);
    expect(remaining(await laneAnswer(url('c3'), ip))).toBe(POSTBACK_RATE_PER_MINUTE - 3);

    while (postbackIpLimit.count(ip).count < POSTBACK_RATE_PER_MINUTE);
    const lane = await laneAnswer(url('over'), ip);
    const route = await routeAnswer(url('over'), ip);
    expect(lane).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED' } });
    expect([lane.status, lane.body]).toEqual([route.status, route.body]);
    expectSameHeaders(lane, route);
    expect(Number(lane.headers['retry-after'])).toBeGreaterThan(0);
    expect(remaining(lane)).toBe(0);
    expect((await salesOf(p.site.id)).map((s) => s.tx_id).sort()).toEqual(['c1', 'c2', 'c3']);
  });

  it('logs one line per answer without the query, and an unexpected failure as a 500', async () => {
    const p = await clicked();
    lines.length = 0;
    await laneAnswer(
      path(p.site.id, { token: p.site.postbackToken, clickId: p.clickId, event: 'sale', txId: 'log' }),
      freshIp(),
    );
    expect(lines).toEqual([
      expect.objectContaining({
        msg: 'answered',
        method: 'GET',
        url: `/api/postback/${p.site.id}`,
        status: 200,
      }),
    ]);
    expect(JSON.stringify(lines)).not.toContain(p.site.postbackToken);

    // A database that fails every query: the lane answers 500 and logs the error, not the request.
    const broken = { ...env.ctx, db: {} as AppContext['db'] };
    const failing = postbackLane(broken, false, host);
    const s = http.createServer((req, res) => void (failing(req, res) || res.writeHead(LEFT).end()));
    await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
    try {
      lines.length = 0;
      const res = await fetch(
        `http://127.0.0.1:${(s.address() as AddressInfo).port}${path(p.site.id, { token: 'secret-token', clickId: 1, event: 'sale', txId: 'x' })}`,
      );
      expect([res.status, await res.json()]).toEqual([500, { code: 'INTERNAL', message: 'Internal error' }]);
      expect(lines.map((l) => l.msg)).toEqual(['request failed', 'answered']);
      expect(JSON.stringify(lines)).not.toContain('secret-token');
    } finally {
      await new Promise((resolve) => s.close(resolve));
    }
  });

  it('counts a window of its own per key', () => {
    const limits = new MemoryLimits();
    const limit = { kind: 'test', max: 2, windowMs: 60_000 };
    const at = (now: number) => clientAnswer(limits.hitAt({ limit, key: 'a' }, now), limit.max);
    expect(at(0)).toEqual({ allowed: true, headers: expect.arrayContaining(['x-ratelimit-remaining', '1']) });
    expect(at(1_000).allowed).toBe(true);
    const over = at(30_500);
    expect(over.allowed).toBe(false);
    expect(over.headers).toEqual([
      'x-ratelimit-limit',
      '2',
      'x-ratelimit-remaining',
      '0',
      'x-ratelimit-reset',
      '30',
      'retry-after',
      '30',
    ]);
    expect(at(60_000).allowed).toBe(true);
  });
});

// The app's own wiring (app.ts): from its preClose hook on, the lane leaves every postback to Fastify,
// which answers 503 while it closes. A request on a connection kept open from before shows it.
describe('the postback lane in a closing app', () => {
  it('leaves postbacks to Fastify once the app begins to close', async () => {
    const env = await testEnvWith({});
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = (port: number) =>
      new Promise<number>((resolve, reject) => {
        const req = http.get(
          {
            host: '127.0.0.1',
            port,
            agent,
            path: '/api/postback/999999?token=t&clickId=1&event=sale&txId=x',
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          },
        );
        req.on('error', reject);
      });
    let port = 0;
    let whileClosing: Promise<number> | undefined;
    env.app.addHook('preClose', (done) => {
      whileClosing = get(port);
      whileClosing.then(
        () => done(),
        () => done(),
      );
    });
    try {
      await env.app.listen({ port: 0, host: '127.0.0.1' });
      port = (env.app.server.address() as AddressInfo).port;
      expect(await get(port)).toBe(404); // the lane: unknown site
    } finally {
      await env.app.close();
      agent.destroy();
    }
    expect(await whileClosing).toBe(503);
  });
});
