import { beforeAll, describe, expect, it } from 'vitest';
import type { TPostbackResponse } from '@salesdesk/contract';
import { queryOne, queryRows, sql } from '../db/client';
import { linkTypes, officeFees, sites } from '../db/schema';
import { publishChange } from '../common/changes';
import { buildClickPath } from '../test/factories';
import { WindowLimit } from '../common/window-limit';
import { call, testEnv, type TestEnv } from '../test/harness';
import { eq } from 'drizzle-orm';
import { newPostbackToken, postbackTokenMatches } from './token';

let env: TestEnv;
beforeAll(async () => {
  env = await testEnv();
});

type Path = Awaited<ReturnType<typeof buildClickPath>>;
type Answer = TPostbackResponse & { code?: string; data?: Record<string, string[]> };

/** A site with a bonus-enabled type, an agent, and one click (still in the writer's buffer). */
async function clickedPath(): Promise<Path & { clickId: number }> {
  const p = await buildClickPath(env.ctx);
  await env.ctx.db
    .update(linkTypes)
    .set({
      payout: '150.25',
      earning: '25.10',
      lpp: 2,
      bonus: true,
      bonusPayout: '75.05',
      bonusEarning: '12.55',
      bonusLpp: 3,
    })
    .where(eq(linkTypes.id, p.type.id));
  const res = await call(env.app, 'GET', `links/go/${p.site.id}/${p.type.id}/${p.agent.id}`, {
    ip: '10.9.0.1',
  });
  return { ...p, clickId: Number(new URL(res.res.headers.location as string).searchParams.get('clickid')) };
}

const query = (params: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString();
const postback = (siteId: number, params: Record<string, string | number>) =>
  call<Answer>(env.app, 'GET', `postback/${siteId}?${query(params)}`);

const valid = (p: Path & { clickId: number }, over: Record<string, string | number> = {}) => ({
  token: p.site.postbackToken,
  clickId: p.clickId,
  event: 'sale',
  email: 'buyer@example.com',
  txId: `tx-${p.clickId}`,
  ...over,
});

const salesOf = (siteId: number) =>
  queryRows<{
    event_type: number;
    payout: string;
    earning: string;
    lpp: number;
    agent_id: number;
    office_id: number;
    type_id: number;
    customer_email: string;
  }>(
    env.ctx.db,
    sql`select event_type, payout::text, earning::text, lpp, agent_id, office_id, type_id, customer_email from sales where site_id = ${siteId} order by id`,
  );

const rollupOf = (siteId: number) =>
  queryOne<Record<string, string | number>>(
    env.ctx.db,
    sql`select sum(sales)::int as sales, sum(bonus_sales)::int as bonus_sales, sum(earn)::text as earn,
               sum(bonus_earn)::text as bonus_earn, sum(payout)::text as payout, sum(bonus_payout)::text as bonus_payout,
               sum(lpp)::int as lpp, sum(bonus_lpp)::int as bonus_lpp, sum(raws)::int as raws
        from stats_daily where site_id = ${siteId}`,
  );

describe('GET/POST postback/{siteId}', () => {
  it('records a sale of a click still in the buffer, at the link type rates, with its rollup', async () => {
    const p = await clickedPath();
    const res = await postback(p.site.id, valid(p));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, duplicate: false });
    expect(await salesOf(p.site.id)).toEqual([
      {
        event_type: 0,
        payout: '150.25',
        earning: '25.10',
        lpp: 2,
        agent_id: p.agent.id,
        office_id: p.office.id,
        type_id: p.type.id,
        customer_email: 'buyer@example.com',
      },
    ]);
    expect(await rollupOf(p.site.id)).toEqual({
      sales: 1,
      bonus_sales: 0,
      earn: '25.10',
      bonus_earn: '0.00',
      payout: '150.25',
      bonus_payout: '0.00',
      lpp: 2,
      bonus_lpp: 0,
      raws: 1,
    });
  });

  it('records a bonus at the bonus rates, by POST form or JSON', async () => {
    const p = await clickedPath();
    const res = await env.app.inject({
      method: 'POST',
      url: `/api/postback/${p.site.id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: query(valid(p, { event: 'bonus', txId: 'b1' })),
    });
    expect(res.statusCode).toBe(200);
    const json = await call<Answer>(env.app, 'POST', `postback/${p.site.id}`, {
      body: valid(p, { event: 'bonus', txId: 'b2' }),
    });
    expect(json.status).toBe(200);
    expect((await salesOf(p.site.id)).map((s) => [s.event_type, s.payout, s.earning, s.lpp])).toEqual([
      [1, '75.05', '12.55', 3],
      [1, '75.05', '12.55', 3],
    ]);
    expect(await rollupOf(p.site.id)).toMatchObject({
      sales: 0,
      bonus_sales: 2,
      bonus_earn: '25.10',
      bonus_payout: '150.10',
      bonus_lpp: 6,
      earn: '0.00',
    });
  });

  it("uses the office's custom rate when enabled, the type's when not", async () => {
    const p = await clickedPath();
    const fee = {
      typeId: p.type.id,
      officeId: p.office.id,
      payout: '9.99',
      earning: '1.11',
      lpp: 5,
      bonusPayout: '8.88',
      bonusEarning: '2.22',
      bonusLpp: 7,
    };
    await env.ctx.db.insert(officeFees).values({ ...fee, enable: false });
    await postback(p.site.id, valid(p, { txId: 'off' }));
    await env.ctx.db.update(officeFees).set({ enable: true }).where(eq(officeFees.typeId, p.type.id));
    await postback(p.site.id, valid(p, { txId: 'on' }));
    await postback(p.site.id, valid(p, { txId: 'on-bonus', event: 'bonus' }));
    expect((await salesOf(p.site.id)).map((s) => [s.payout, s.earning, s.lpp])).toEqual([
      ['150.25', '25.10', 2],
      ['9.99', '1.11', 5],
      ['8.88', '2.22', 7],
    ]);
    expect(await rollupOf(p.site.id)).toMatchObject({
      sales: 2,
      earn: '26.21',
      payout: '160.24',
      lpp: 7,
      bonus_earn: '2.22',
    });
  });

  it('answers a repeated txId duplicate and changes nothing', async () => {
    const p = await clickedPath();
    const first = await postback(p.site.id, valid(p));
    const before = await rollupOf(p.site.id);
    const again = await postback(p.site.id, valid(p, { event: 'bonus', email: 'other@example.com' }));
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ ok: true, duplicate: true, saleId: first.body.saleId });
    expect(await salesOf(p.site.id)).toHaveLength(1);
    expect(await rollupOf(p.site.id)).toEqual(before);
  });

  it('records one sale from 10 concurrent identical postbacks', async () => {
    const p = await clickedPath();
    const answers = await Promise.all(Array.from({ length: 10 }, () => postback(p.site.id, valid(p))));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(answers.filter((a) => !a.body.duplicate)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.body.saleId)).size).toBe(1);
    expect(await salesOf(p.site.id)).toHaveLength(1);
    expect(await rollupOf(p.site.id)).toMatchObject({ sales: 1, earn: '25.10' });
  });

  it('takes a regenerated token at once, and refuses the old one after the change notice', async () => {
    const p = await clickedPath();
    const fresh = newPostbackToken();
    await env.ctx.db.update(sites).set({ postbackToken: fresh }).where(eq(sites.id, p.site.id));
    const withNew = await postback(p.site.id, valid(p, { token: fresh, txId: `new-${p.clickId}` }));
    expect(withNew.status).toBe(200);
    await publishChange(env.ctx, 'tracking');
    const withOld = await postback(p.site.id, valid(p, { txId: `old-${p.clickId}` }));
    expect(withOld.status).toBe(403);
    expect(withOld.body.code).toBe('WRONG_TOKEN');
  });

  it('refuses bad input, a wrong token, an unknown site or click, and writes nothing', async () => {
    const p = await clickedPath();
    const other = await clickedPath();
    const cases: [Record<string, string | number>, number, string, number?][] = [
      [valid(p, { token: 'wrong' }), 403, 'WRONG_TOKEN'],
      [valid(p, { token: other.site.postbackToken }), 403, 'WRONG_TOKEN'],
      [valid(p, { clickId: 99_999_999 }), 404, 'UNKNOWN_CLICK'],
      [valid(p, { clickId: other.clickId }), 404, 'CLICK_SITE_MISMATCH'],
      [valid(p, { event: 'return' }), 400, 'BAD_INPUT'],
      [valid(p, { clickId: 'abc' }), 400, 'BAD_INPUT'],
      [valid(p, { txId: '' }), 400, 'BAD_INPUT'],
      [valid(p), 404, 'UNKNOWN_SITE', 99_999_999],
    ];
    for (const [params, status, code, siteId] of cases) {
      const res = await postback(siteId ?? p.site.id, params);
      expect([res.status, res.body.code], JSON.stringify(params)).toEqual([status, code]);
    }
    const missing = await call<Answer>(env.app, 'GET', `postback/${p.site.id}`);
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.data ?? {})).toEqual(
      expect.arrayContaining(['token', 'clickId', 'event', 'txId']),
    );
    expect(await salesOf(p.site.id)).toHaveLength(0);
    expect(await rollupOf(p.site.id)).toMatchObject({ sales: 0, bonus_sales: 0, raws: 1 });
  });
});

describe('postback limits', () => {
  it('counts the route limit per IP, and a HEAD records nothing', async () => {
    const [a, b] = [await clickedPath(), await clickedPath()];
    const remaining = async (p: Path & { clickId: number }, txId: string, ip: string) =>
      Number(
        (await call(env.app, 'GET', `postback/${p.site.id}?${query(valid(p, { txId }))}`, { ip })).res
          .headers['x-ratelimit-remaining'],
      );
    const first = await remaining(a, 'l1', '10.1.1.1');
    expect(await remaining(b, 'l2', '10.1.1.1')).toBe(first - 1);
    expect(await remaining(a, 'l3', '10.1.1.2')).toBe(first);
    const head = await env.app.inject({
      method: 'HEAD',
      url: `/api/postback/${a.site.id}?${query(valid(a, { txId: 'h' }))}`,
    });
    expect(head.statusCode).toBe(404);
    expect(await salesOf(a.site.id)).toHaveLength(2);
  });

  it("counts a site's limit only after the token check", () => {
    const limit = new WindowLimit<number>(2, 60_000);
    expect([limit.hit(1, 0), limit.hit(1, 1), limit.hit(1, 2), limit.hit(2, 2)]).toEqual([
      true,
      true,
      false,
      true,
    ]);
    expect(limit.hit(1, 60_000)).toBe(true);
  });

  it('a flood of wrong tokens leaves the site its postbacks', async () => {
    const p = await clickedPath();
    for (let i = 0; i < 20; i++) {
      const res = await postback(p.site.id, valid(p, { token: 'wrong', txId: `w${i}` }));
      expect(res.status).toBe(403);
    }
    expect((await postback(p.site.id, valid(p))).status).toBe(200);
  });
});

describe('postback tokens', () => {
  it('are fresh, fit the column and compare exactly', () => {
    const a = newPostbackToken();
    expect(a).toMatch(/^[\w-]{32}$/);
    expect(newPostbackToken()).not.toBe(a);
    expect(postbackTokenMatches(a, a)).toBe(true);
    expect(postbackTokenMatches(a, `${a}x`)).toBe(false);
    expect(postbackTokenMatches(a, '')).toBe(false);
  });
});
