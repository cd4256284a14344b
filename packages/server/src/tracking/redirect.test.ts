import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { publishChange } from '../common/changes';
import { queryOne, queryRows, sql } from '../db/client';
import { accounts, agentSites, agents, blackListIps, linkTypes, offices, sites } from '../db/schema';
import { buildAgent, buildClickPath } from '../test/factories';
import { BROWSER_AGENT, call, testEnv, type TestEnv } from '../test/harness';
import { flushClicks } from './service';

let env: TestEnv;
beforeAll(async () => {
  env = await testEnv();
});

type Path = Awaited<ReturnType<typeof buildClickPath>>;
const goUrl = (p: Path, over: { site?: number; type?: number; agent?: number } = {}) =>
  `links/go/${over.site ?? p.site.id}/${over.type ?? p.type.id}/${over.agent ?? p.agent.id}`;
const go = (url: string, ip = '10.0.0.1', headers: Record<string, string> = {}) =>
  call<{ code: string }>(env.app, 'GET', url, { ip, headers });
const clickIdOf = (location: string) => Number(new URL(location).searchParams.get('clickid'));

async function clicksOf(agentId: number) {
  await flushClicks(env.ctx);
  return queryRows<{
    id: string;
    ip: string;
    is_unique: boolean;
    office_id: number;
    referer: string;
    user_agent: string;
  }>(
    env.ctx.db,
    sql`select id, ip, is_unique, office_id, referer, user_agent from clicks where agent_id = ${agentId} order by id`,
  );
}

async function rollupOf(agentId: number) {
  return queryOne<{ raws: number; uniques: number }>(
    env.ctx.db,
    sql`select coalesce(sum(raws), 0)::int as raws, coalesce(sum(uniques), 0)::int as uniques from stats_daily where agent_id = ${agentId}`,
  );
}

describe('GET links/go/{siteId}/{typeId}/{agentId}', () => {
  it('records the click and redirects to the type url with the click id', async () => {
    const p = await buildClickPath(env.ctx);
    const res = await go(goUrl(p), '10.1.1.1', {
      referer: 'https://blog.example/post',
      'user-agent': `${BROWSER_AGENT} UA/1`,
    });
    expect(res.status).toBe(302);
    const location = res.res.headers.location as string;
    expect(location).toMatch(new RegExp(`^${p.type.url}\\?clickid=\\d+$`));
    const rows = await clicksOf(p.agent.id);
    expect(rows).toHaveLength(1);
    expect(Number(rows[0].id)).toBe(clickIdOf(location));
    expect(rows[0]).toMatchObject({
      ip: '10.1.1.1',
      is_unique: true,
      office_id: p.office.id,
      referer: 'https://blog.example/post',
      user_agent: `${BROWSER_AGENT} UA/1`,
    });
    expect(await rollupOf(p.agent.id)).toEqual({ raws: 1, uniques: 1 });
  });

  it("keeps the url's own query and fragment and uses the site's click parameter", async () => {
    const p = await buildClickPath(env.ctx, { clickParam: 'sub_id' });
    await env.ctx.db
      .update(linkTypes)
      .set({ url: 'https://t.example/a?x=1&y=2#top' })
      .where(eq(linkTypes.id, p.type.id));
    await publishChange(env.ctx, 'tracking');
    const res = await go(goUrl(p));
    expect(res.res.headers.location).toMatch(/^https:\/\/t\.example\/a\?x=1&y=2&sub_id=\d+#top$/);
  });

  it('gives every click its own id', async () => {
    const p = await buildClickPath(env.ctx);
    const ids = await Promise.all(
      Array.from({ length: 20 }, () => go(goUrl(p)).then((r) => clickIdOf(r.res.headers.location as string))),
    );
    expect(new Set(ids).size).toBe(20);
  });

  it('counts a click unique once per IP, type and agent in an Eastern day', async () => {
    const p = await buildClickPath(env.ctx);
    const [second] = await env.ctx.db
      .insert(linkTypes)
      .values({
        siteId: p.site.id,
        typename: 'Two',
        typealias: 't',
        username: 'u',
        url: 'https://two.example/',
      })
      .returning();
    await publishChange(env.ctx, 'tracking');
    await go(goUrl(p), '10.2.0.1');
    await go(goUrl(p), '10.2.0.1');
    await go(goUrl(p), '10.2.0.2');
    await go(goUrl(p, { type: second.id }), '10.2.0.1');
    const rows = await clicksOf(p.agent.id);
    expect(rows.map((r) => r.is_unique)).toEqual([true, false, true, true]);
    expect(await rollupOf(p.agent.id)).toEqual({ raws: 4, uniques: 3 });
  });

  it('never counts a black-listed IP unique', async () => {
    const p = await buildClickPath(env.ctx);
    const ip = `10.3.${p.agent.id % 250}.9`;
    await env.ctx.db.insert(blackListIps).values({ ip }).onConflictDoNothing();
    await publishChange(env.ctx, 'tracking');
    expect((await go(goUrl(p), ip)).status).toBe(302);
    const rows = await clicksOf(p.agent.id);
    expect(rows.map((r) => r.is_unique)).toEqual([false]);
    expect(await rollupOf(p.agent.id)).toEqual({ raws: 1, uniques: 0 });
  });
});

describe('GET links/go answers 404 and records nothing', () => {
  const cases: [string, (p: Path) => Promise<unknown>][] = [
    ['site suspended', (p) => env.ctx.db.update(sites).set({ status: false }).where(eq(sites.id, p.site.id))],
    [
      'link type suspended',
      (p) => env.ctx.db.update(linkTypes).set({ status: false }).where(eq(linkTypes.id, p.type.id)),
    ],
    [
      'agent suspended',
      (p) => env.ctx.db.update(agents).set({ active: false }).where(eq(agents.id, p.agent.id)),
    ],
    [
      'account suspended',
      (p) => env.ctx.db.update(accounts).set({ active: false }).where(eq(accounts.id, p.agentAccountId)),
    ],
    [
      'account not approved',
      (p) => env.ctx.db.update(accounts).set({ approved: false }).where(eq(accounts.id, p.agentAccountId)),
    ],
    [
      'office suspended',
      (p) => env.ctx.db.update(offices).set({ active: false }).where(eq(offices.id, p.office.id)),
    ],
    [
      'site disabled for the agent',
      (p) => env.ctx.db.update(agentSites).set({ enable: false }).where(eq(agentSites.agentId, p.agent.id)),
    ],
    [
      'site not given to the agent',
      (p) => env.ctx.db.delete(agentSites).where(eq(agentSites.agentId, p.agent.id)),
    ],
  ];
  for (const [what, change] of cases) {
    it(`when the ${what}`, async () => {
      const p = await buildClickPath(env.ctx);
      await change(p);
      await publishChange(env.ctx, 'tracking');
      const res = await go(goUrl(p));
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('NOT_FOUND');
      expect(await clicksOf(p.agent.id)).toHaveLength(0);
      expect(await rollupOf(p.agent.id)).toEqual({ raws: 0, uniques: 0 });
    });
  }

  it('for unknown, mismatched or malformed ids', async () => {
    const p = await buildClickPath(env.ctx);
    const other = await buildClickPath(env.ctx);
    const stranger = await buildAgent(env.ctx);
    await publishChange(env.ctx, 'tracking');
    const urls = [
      goUrl(p, { site: 99_999_999 }),
      goUrl(p, { type: 99_999_999 }),
      goUrl(p, { agent: 99_999_999 }),
      goUrl(p, { type: other.type.id }),
      goUrl(p, { agent: stranger.agent.id }),
      `links/go/abc/${p.type.id}/${p.agent.id}`,
      `links/go/${p.site.id}/0/${p.agent.id}`,
      `links/go/${p.site.id}/${p.type.id}/-1`,
      `links/go/${p.site.id}/${p.type.id}/99999999999`,
    ];
    for (const url of urls) expect((await go(url)).status, url).toBe(404);
    expect(await clicksOf(p.agent.id)).toHaveLength(0);
  });

  it('until the change is published, then clicks work again', async () => {
    const p = await buildClickPath(env.ctx);
    await env.ctx.db.update(sites).set({ status: false }).where(eq(sites.id, p.site.id));
    await publishChange(env.ctx, 'tracking');
    expect((await go(goUrl(p))).status).toBe(404);
    await env.ctx.db.update(sites).set({ status: true }).where(eq(sites.id, p.site.id));
    await publishChange(env.ctx, 'tracking');
    expect((await go(goUrl(p))).status).toBe(302);
  });
});
