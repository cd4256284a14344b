// Cluster mode: two nodes (each its own context, pool and Redis client, one prefix) over one PostgreSQL
// database and one Redis count every shared limit as one node would; a node whose Redis is away refuses
// sign-in steps with a 503 and still takes postbacks. Runs with TEST_REDIS_URL and TEST_DATABASE_URL.
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { Command } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CURRENT_PASSWORD_TRIES, ErrorCode, POSTBACK_RATE_PER_MINUTE } from '@salesdesk/contract';
import { isThrottled, MAX_FAILURES_PER_PAIR } from '../../auth/attempts';
import { verifyCaptcha } from '../../auth/captcha';
import { login, THROTTLED } from '../../auth/service';
import { countPostback, postbackIpLimit, postbackSiteLimit } from '../../postback/ip-limit';
import { CURRENT_PASSWORD_MAX_WRONG } from '../../auth/current-password';
import { sites } from '../../db/schema';
import { runningTracking } from '../../tracking/runtime';
import { buildAgent, buildClickPath, PASSWORD, tokenFor, uniqueName } from '../../test/factories';
import { buildKey } from '../../test/api-keys-fixtures';
import { call } from '../../test/harness';
import {
  clusterNode,
  clusterTestsOn,
  dropRedisKeys,
  rawRedis,
  testRedisPrefix,
  type ClusterNode,
} from '../../test/cluster';
import { REDIS_COMMAND_TIMEOUT_MS } from '../redis';
import { redisProxy } from '../../test/redis-proxy';
import { SIGN_IN_UNAVAILABLE } from '../../http/limits-down';
import { sharedLimits } from '.';

type Body = { code?: string; message?: string; token?: string; ok?: boolean };

let ipCount = 0;
const freshIp = () => `10.88.${(++ipCount >> 8) & 255}.${ipCount & 255}`;

const tryLogin = (node: ClusterNode, body: Record<string, string>, ip: string) =>
  call<Body>(node.app, 'POST', 'auth/login', { body, ip });

/** A postback through the node's Fastify route, from `ip` behind the trusted proxy. */
async function viaRoute(node: ClusterNode, path: string, ip: string) {
  const res = await node.app.inject({
    method: 'GET',
    url: path,
    remoteAddress: '127.0.0.1',
    headers: { 'x-forwarded-for': ip },
  });
  return { status: res.statusCode, body: JSON.parse(res.body) as Body, headers: res.headers };
}

/** A postback through the node's server, where the lane in front of Fastify answers it. */
async function viaLane(node: ClusterNode, path: string, ip: string) {
  const { port } = node.app.server.address() as AddressInfo;
  const res = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { 'x-forwarded-for': ip } });
  return { status: res.status, body: (await res.json()) as Body, headers: Object.fromEntries(res.headers) };
}

const postbackPath = (siteId: number, params: Record<string, string | number>) =>
  `/api/postback/${siteId}?${new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]))}`;

describe.skipIf(!clusterTestsOn)('cluster mode: two nodes, one Redis', () => {
  const prefix = testRedisPrefix('shared-limits');
  const nodeEnv = { TRUST_PROXY: '127.0.0.1' };
  const captchaEnv = { ...nodeEnv, CAPTCHA: 'on', CAPTCHA_TEST_ANSWER: 'abcde' };
  let a: ClusterNode;
  let b: ClusterNode;
  const nodes: ClusterNode[] = [];
  const node = async (env: Record<string, string>) => {
    const n = await clusterNode(prefix, env);
    nodes.push(n);
    return n;
  };

  beforeAll(async () => {
    a = await node(nodeEnv);
    b = await node(nodeEnv);
    await b.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const n of nodes) await n.close();
    await dropRedisKeys(prefix);
  });
  const rawKeyExists = async (key: string) => {
    const raw = rawRedis();
    try {
      return (await raw.exists(`${prefix}${key}`)) === 1;
    } finally {
      raw.disconnect();
    }
  };

  it('locks a (username, IP) pair after ten wrong passwords alternated between the nodes, on both', async () => {
    const { username } = await buildAgent(a.ctx);
    const ip = freshIp();
    for (let i = 0; i < MAX_FAILURES_PER_PAIR; i++) {
      const res = await tryLogin(i % 2 ? b : a, { username, password: 'wrong-pass' }, ip);
      expect(res.status).toBe(400);
    }
    for (const n of [a, b]) {
      const refused = await tryLogin(n, { username, password: PASSWORD }, ip);
      expect([refused.status, refused.body.message]).toEqual([429, THROTTLED]);
    }
    // The owner, from elsewhere, still signs in on either node.
    expect((await tryLogin(b, { username, password: PASSWORD }, freshIp())).status).toBe(200);
    // Counted in Redis, under the nodes' prefix (ioredis prefixes the scripts' keys too): the two nodes
    // share this test's process, whose own counters saw none of it.
    expect(await rawKeyExists(`limit:sign-in-pair:${ip} ${username}`)).toBe(true);
    expect(isThrottled(username, ip)).toBe(false);
  });

  it("counts the login route's own limit per address across the nodes", async () => {
    const ip = freshIp();
    const left = async (n: ClusterNode) =>
      Number(
        (await tryLogin(n, { username: uniqueName('r'), password: 'x' }, ip)).res.headers[
          'x-ratelimit-remaining'
        ],
      );
    const first = await left(a);
    expect(await left(b)).toBe(first - 1);
    expect(await left(a)).toBe(first - 2);
  });

  it('refuses on one node a captcha check already used on the other', async () => {
    const ca = await node(captchaEnv);
    const cb = await node(captchaEnv);
    const { username } = await buildAgent(a.ctx);
    const check = async () => (await call<{ check: string }>(ca.app, 'GET', 'captcha')).body.check;
    const body = { username, password: PASSWORD, captchaString: 'abcde', captchaCheck: await check() };
    expect((await tryLogin(ca, body, freshIp())).status).toBe(200);
    const replay = await tryLogin(cb, body, freshIp());
    expect([replay.status, replay.body.message]).toEqual([400, 'Wrong captcha, please try again']);
    expect(await rawKeyExists(`once:captcha-used:${body.captchaCheck.split('.')[1]}`)).toBe(true);
    // A fresh check of one node is good on the other.
    expect((await tryLogin(cb, { ...body, captchaCheck: await check() }, freshIp())).status).toBe(200);
  });

  it("stops taking an account's current password after five wrong ones across the nodes", async () => {
    const g = await buildAgent(a.ctx);
    const token = await tokenFor(a.ctx, g.accountId);
    const change = (n: ClusterNode, currentPassword: string) =>
      call<Body>(n.app, 'POST', 'profile/agent', {
        token,
        body: { password: 'brandnew1', passwordConfirm: 'brandnew1', currentPassword },
      });
    for (let i = 0; i < CURRENT_PASSWORD_MAX_WRONG; i++)
      expect((await change(i % 2 ? b : a, `wrong-${i}`)).status).toBe(400);
    for (const n of [a, b]) {
      const right = await change(n, PASSWORD);
      expect([right.status, right.body.message]).toEqual([429, CURRENT_PASSWORD_TRIES]);
    }
    expect(await rawKeyExists(`limit:wrong-current-password:${g.accountId}`)).toBe(true);
  });

  it('counts a postback address across the nodes, the route of one and the lane of the other', async () => {
    const p = await buildClickPath(a.ctx);
    const ip = freshIp();
    const path = postbackPath(p.site.id, { token: 'wrong', clickId: 1, event: 'sale', txId: 'x' });
    const left = (r: { headers: Record<string, unknown> }) => Number(r.headers['x-ratelimit-remaining']);
    const first = await viaRoute(a, path, ip);
    expect([first.status, left(first)]).toEqual([403, POSTBACK_RATE_PER_MINUTE - 1]);
    expect(left(await viaLane(b, path, ip))).toBe(POSTBACK_RATE_PER_MINUTE - 2);
    // The rest of the minute's postbacks of this address, counted by one node.
    const limits = sharedLimits(a.ctx);
    await Promise.all(
      Array.from({ length: POSTBACK_RATE_PER_MINUTE - 2 }, () => countPostback(limits, ip, 0)),
    );
    for (const answer of [await viaLane(b, path, ip), await viaRoute(a, path, ip)]) {
      expect([answer.status, answer.body.code, left(answer)]).toEqual([429, ErrorCode.RateLimited, 0]);
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(postbackIpLimit.isFull(ip)).toBe(false);
  });

  it("counts a site's postbacks across the nodes, after the token check", async () => {
    const p = await buildClickPath(a.ctx);
    // All but one of the site's minute, from one address, counted by node a.
    const limits = sharedLimits(a.ctx);
    const seeder = freshIp();
    await Promise.all(
      Array.from({ length: POSTBACK_RATE_PER_MINUTE - 1 }, () => countPostback(limits, seeder, p.site.id)),
    );
    const path = (txId: string, token = p.site.postbackToken) =>
      postbackPath(p.site.id, { token, clickId: 1, event: 'sale', txId });
    // A wrong token uses none of it; the last one goes through (to its refusal: no such click).
    expect((await viaLane(b, path('w', 'wrong'), freshIp())).status).toBe(403);
    expect((await viaLane(b, path('last'), freshIp())).status).toBe(404);
    for (const answer of [
      await viaRoute(a, path('over'), freshIp()),
      await viaLane(b, path('over'), freshIp()),
    ])
      expect([answer.status, answer.body.message]).toEqual([
        429,
        'Too many postbacks for this site, please slow down',
      ]);
    expect(postbackSiteLimit.isFull(String(p.site.id))).toBe(false);
  });

  it('costs one Redis command per postback on the lane, two for one whose token the cache does not know', async () => {
    const p = await buildClickPath(b.ctx);
    await runningTracking(b.ctx)?.cache.refresh();
    const sent = vi.spyOn(b.ctx.redis, 'sendCommand');
    const commands = async (token: string) => {
      sent.mockClear();
      await viaLane(b, postbackPath(p.site.id, { token, clickId: 1, event: 'sale', txId: token }), freshIp());
      // The click journal's own timers (heartbeat, the scan for dead nodes' streams) may run meanwhile.
      const journal = (c: Command) => c.args.some((a) => String(a).includes('clicks:'));
      return sent.mock.calls.filter(([c]) => !journal(c)).map(([c]) => c.name.replace('evalsha', 'eval')); // eval the first time
    };
    try {
      expect(await commands(p.site.postbackToken)).toEqual(['eval']);
      // A token the cache does not hold is checked in the database; its site is then counted apart.
      await b.ctx.db.update(sites).set({ postbackToken: 'rotated' }).where(eq(sites.id, p.site.id));
      expect(await commands('rotated')).toEqual(['eval', 'eval']);
    } finally {
      sent.mockRestore();
    }
  });

  it('ends a session on every node', async () => {
    const { username } = await buildAgent(a.ctx);
    const { body } = await tryLogin(a, { username, password: PASSWORD }, freshIp());
    const me = (n: ClusterNode) => call(n.app, 'GET', 'accounts/me', { token: body.token });
    expect((await me(b)).status).toBe(200);
    expect((await call(b.app, 'POST', 'auth/logout', { token: body.token })).status).toBe(200);
    expect((await me(a)).status).toBe(401);
  });

  it("counts an API key's requests across the nodes", async () => {
    const p = await buildClickPath(a.ctx);
    const { key } = await buildKey(a.ctx, p.office.accountId, { rateLimit: 4 });
    const stats = (n: ClusterNode) =>
      call<Body>(n.app, 'POST', 'stats/sites', {
        token: key,
        body: { start: '2026-01-01', end: '2026-01-31', groupBy: 'detail', companyId: p.office.id },
      });
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await stats(i % 2 ? b : a));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 429]);
    expect(answers.map((r) => r.res.headers['ratelimit-remaining'])).toEqual(['3', '2', '1', '0', '0']);
    expect((await stats(b)).status).toBe(429);
  });

  describe('a node whose Redis is away', () => {
    let down: ClusterNode;
    let downCaptcha: ClusterNode;
    beforeAll(async () => {
      down = await node(nodeEnv);
      downCaptcha = await node(captchaEnv);
      await down.app.listen({ port: 0, host: '127.0.0.1' });
      down.ctx.redis.disconnect();
      downCaptcha.ctx.redis.disconnect();
    });
    const unavailable = { code: ErrorCode.Unavailable, message: SIGN_IN_UNAVAILABLE };

    it('refuses every sign-in step with a 503 in the envelope', async () => {
      const g = await buildAgent(a.ctx);
      const client = { ip: freshIp(), userAgent: 'test' };
      const owing = await tokenFor(a.ctx, g.accountId, { secondFactor: 'code' });
      const answers = [
        await tryLogin(down, { username: g.username, password: PASSWORD }, client.ip),
        await call(down.app, 'POST', 'forgot', { body: { username: g.username, email: 'x@example.com' } }),
        await call(down.app, 'POST', 'auth/second-factor', { token: owing, body: { code: '123456' } }),
      ];
      for (const res of answers) expect([res.status, res.body]).toEqual([503, unavailable]);
      // Behind the route's own limit, the throttle and the captcha fail closed as well.
      await expect(
        login(down.ctx, { username: g.username, password: PASSWORD }, client),
      ).rejects.toMatchObject({
        status: 503,
        ...unavailable,
      });
      const check = (await call<{ check: string }>(downCaptcha.app, 'GET', 'captcha')).body.check;
      await expect(verifyCaptcha(downCaptcha.ctx, 'abcde', check)).rejects.toMatchObject({ status: 503 });
    });

    it('refuses a password change with a 503', async () => {
      const g = await buildAgent(a.ctx);
      const res = await call<Body>(down.app, 'POST', 'profile/agent', {
        token: await tokenFor(a.ctx, g.accountId),
        body: { password: 'brandnew1', passwordConfirm: 'brandnew1', currentPassword: PASSWORD },
      });
      expect([res.status, res.body.code]).toEqual([503, ErrorCode.Unavailable]);
    });

    it("takes an API key's calls, counting its rate in the process", async () => {
      const p = await buildClickPath(down.ctx);
      const { key } = await buildKey(down.ctx, p.office.accountId, { rateLimit: 2 });
      const stats = () =>
        call<Body>(down.app, 'POST', 'stats/sites', {
          token: key,
          body: { start: '2026-01-01', end: '2026-01-31', groupBy: 'detail', companyId: p.office.id },
        });
      expect([(await stats()).status, (await stats()).status, (await stats()).status]).toEqual([
        200, 200, 429,
      ]);
    });

    it('takes postbacks, counting their limits in the process', async () => {
      const p = await buildClickPath(down.ctx);
      const click = async () => {
        const res = await call(down.app, 'GET', `links/go/${p.site.id}/${p.type.id}/${p.agent.id}`);
        return Number(new URL(res.res.headers.location as string).searchParams.get('clickid'));
      };
      const ip = freshIp();
      const sale = async (txId: string) =>
        postbackPath(p.site.id, { token: p.site.postbackToken, clickId: await click(), event: 'sale', txId });
      const route = await viaRoute(down, await sale('r1'), ip);
      const lane = await viaLane(down, await sale('l1'), ip);
      for (const answer of [route, lane]) expect([answer.status, answer.body.ok]).toEqual([200, true]);
      expect(Number(lane.headers['x-ratelimit-remaining'])).toBe(
        Number(route.headers['x-ratelimit-remaining']) - 1,
      );
    });
  });
  describe('a node whose Redis hangs', () => {
    it('refuses a sign-in with a 503 once the command times out, and still takes a postback', async () => {
      const proxy = await redisProxy(process.env.TEST_REDIS_URL!);
      try {
        const hanging = await node({ ...nodeEnv, REDIS_URL: proxy.url });
        const p = await buildClickPath(hanging.ctx);
        const g = await buildAgent(a.ctx);
        proxy.hang();

        const started = Date.now();
        const res = await tryLogin(hanging, { username: g.username, password: PASSWORD }, freshIp());
        expect([res.status, res.body]).toEqual([
          503,
          { code: ErrorCode.Unavailable, message: SIGN_IN_UNAVAILABLE },
        ]);
        expect(Date.now() - started).toBeLessThan(REDIS_COMMAND_TIMEOUT_MS + 2000);

        // The click goes to this node's disk journal; the postback's limits are counted in the process.
        const click = await call(hanging.app, 'GET', `links/go/${p.site.id}/${p.type.id}/${p.agent.id}`);
        expect(click.status).toBe(302);
        const clickId = new URL(click.res.headers.location as string).searchParams.get('clickid')!;
        const sale = postbackPath(p.site.id, {
          token: p.site.postbackToken,
          clickId,
          event: 'sale',
          txId: 'h1',
        });
        const answer = await viaRoute(hanging, sale, freshIp());
        expect([answer.status, answer.body.ok]).toEqual([200, true]);
      } finally {
        await proxy.close();
      }
    });
  });
});
