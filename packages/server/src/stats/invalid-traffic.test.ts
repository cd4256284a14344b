// Invalid clicks in the reports (issue 35): every grouping's Invalid figure and, for admins, its split by
// reason against an independent count over the raw clicks; offices and agents get the count only; the
// closed pay period's snapshot carries them from its live clicks.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  INVALID_REASONS,
  invalidReasonCode,
  Role,
  type TInvalidReason,
  type TStatsResult,
  type TStatsRow,
} from '@salesdesk/contract';
import { queryRows, sql } from '../db/client';
import { closePayPeriod } from '../pay-periods/close';
import { buildAdmin, tokenFor } from '../test/factories';
import { call, ownDatabaseTestEnv, testEnv, type TestEnv } from '../test/harness';
import { saleOf } from '../test/pay-periods-fixtures';
import {
  adminTokens,
  buildReportOffice,
  buildReportSite,
  record,
  type ClickSpec,
} from '../test/report-fixtures';

const code = invalidReasonCode;
// Monday 2026-02-02 and Tuesday 2026-02-03 (Eastern).
const D1 = '2026-02-02T10:00:00-05:00';
const D2 = '2026-02-03T23:30:00-05:00';
const RANGE = { start: '2026-02-02', end: '2026-02-03' };

type Counted = { raws: number; invalid: number; invalidByReason: Record<TInvalidReason, number> };

/**
 * The clicks of `where` counted straight from `clicks`, by `key` (the report row's key): raws, invalid
 * and each reason, with no rollup in between.
 */
async function countClicks(env: TestEnv, key: string, where: ReturnType<typeof sql>) {
  const perReason = INVALID_REASONS.map(
    (r) => `count(*) filter (where invalid_reason = ${code(r)})::int as "${r}"`,
  ).join(', ');
  const rows = await queryRows<{ key: string; raws: number; invalid: number } & Record<string, number>>(
    env.ctx.db,
    sql`select ${sql.raw(key)} as key, count(*)::int as raws,
          count(*) filter (where invalid_reason <> 0)::int as invalid, ${sql.raw(perReason)}
        from clicks where ${where} group by 1`,
  );
  return new Map(
    rows.map((r): [string, Counted] => [
      String(r.key),
      {
        raws: r.raws,
        invalid: r.invalid,
        invalidByReason: Object.fromEntries(
          INVALID_REASONS.map((x) => [x, r[x]]),
        ) as Counted['invalidByReason'],
      },
    ]),
  );
}

const sum = (rows: Iterable<Counted>): Counted => {
  const total: Counted = {
    raws: 0,
    invalid: 0,
    invalidByReason: Object.fromEntries(INVALID_REASONS.map((r) => [r, 0])) as Counted['invalidByReason'],
  };
  for (const r of rows) {
    total.raws += r.raws;
    total.invalid += r.invalid;
    for (const x of INVALID_REASONS) total.invalidByReason[x] += r.invalidByReason[x];
  }
  return total;
};

const KEYS = {
  date: `(click_time at time zone 'America/New_York')::date::text`,
  company: `office_id::text`,
  agent: `office_id || ':' || agent_id`,
} as const;

describe('the Invalid figure of the reports', () => {
  let env: TestEnv;
  let w: Awaited<ReturnType<typeof world>>;

  async function world() {
    const s = await buildReportSite(env.ctx);
    const a = await buildReportOffice(env.ctx, [s.site.id], 2);
    const b = await buildReportOffice(env.ctx, [s.site.id], 1);
    const [a1, a2] = a.agents.map((g) => g.agent.id);
    const b1 = b.agents[0].agent.id;
    const click = (agentId: number, time: string, ip: string, reason?: TInvalidReason): ClickSpec => ({
      siteId: s.site.id,
      typeId: s.first.id,
      agentId,
      ip,
      time,
      invalidReason: reason && code(reason),
    });
    await record(env.ctx, [
      { ...click(a1, D1, '10.35.0.1'), event: 'sale' },
      click(a1, D1, '10.35.0.1', 'BOT'),
      click(a1, D1, '10.35.0.2', 'BOT'),
      click(a1, D2, '10.35.0.3', 'PREVIEW'),
      click(a1, D2, '10.35.0.3'),
      click(a2, D1, '10.35.0.4', 'REPEAT'),
      click(a2, D2, '10.35.0.5', 'BLACKLISTED_IP'),
      click(a2, D2, '10.35.0.6', 'DATACENTER'),
      click(b1, D1, '10.35.0.7', 'INTERNAL'),
      click(b1, D2, '10.35.0.8', 'HEAD'),
      click(b1, D2, '10.35.0.9'),
    ]);
    return {
      ...s,
      ...(await adminTokens(env.ctx)),
      a,
      b,
      a1,
      officeA: await tokenFor(env.ctx, a.accountId),
      agentA1: await tokenFor(env.ctx, a.agents[0].accountId),
    };
  }

  beforeAll(async () => {
    env = await testEnv();
    w = await world();
  });

  const stats = (token: string, body: object, path = 'stats/sites') =>
    call<TStatsResult>(env.app, 'POST', path, { token, body: { ...RANGE, siteId: w.site.id, ...body } });
  const ofSite = () =>
    sql`site_id = ${w.site.id} and click_time >= '2026-02-02T05:00:00Z' and click_time < '2026-02-04T05:00:00Z'`;

  it('equals the raw clicks in every grouping, by reason for admins and superadmins', async () => {
    for (const token of [w.adminToken, w.superToken]) {
      for (const groupBy of ['date', 'company', 'agent'] as const) {
        const want = await countClicks(env, KEYS[groupBy], ofSite());
        const res = await stats(token, { groupBy });
        expect(res.status).toBe(200);
        const got = new Map(
          res.body.page.items.map((r) => [
            r.key,
            { raws: r.raws, invalid: r.invalid, invalidByReason: r.invalidByReason },
          ]),
        );
        expect(Object.fromEntries(got), groupBy).toEqual(Object.fromEntries(want));
        const { raws, invalid, invalidByReason } = res.body.overall;
        expect({ raws, invalid, invalidByReason }, groupBy).toEqual(sum(want.values()));
      }
    }
    // Raws = valid + invalid; uniques counts valid clicks only.
    const dates = await stats(w.adminToken, { groupBy: 'date' });
    expect(dates.body.overall).toMatchObject({ raws: 11, invalid: 8, uniques: 3 });
  });

  it('gives offices and agents the count of their own clicks, never the reasons', async () => {
    const cases = [
      { token: w.officeA, scope: sql`office_id = ${w.a.office.id}`, groupings: ['date', 'agent'] as const },
      { token: w.agentA1, scope: sql`agent_id = ${w.a1}`, groupings: ['date'] as const },
    ];
    for (const c of cases) {
      for (const groupBy of c.groupings) {
        const want = await countClicks(env, KEYS[groupBy], sql`${ofSite()} and ${c.scope}`);
        const res = await stats(c.token, { groupBy });
        expect(res.status).toBe(200);
        const rows = res.body.page.items;
        expect(Object.fromEntries(rows.map((r) => [r.key, r.invalid]))).toEqual(
          Object.fromEntries([...want].map(([k, v]) => [k, v.invalid])),
        );
        expect(res.body.overall.invalid).toBe(sum(want.values()).invalid);
        expect([...rows, res.body.overall].every((r) => r.invalidByReason === null)).toBe(true);
      }
    }
    expect((await stats(w.agentA1, { groupBy: 'date' })).body.overall).toMatchObject({ raws: 5, invalid: 3 });
  });

  it('leaves the detail rows without clicks, and sorts by Invalid', async () => {
    const detail = await stats(w.adminToken, { groupBy: 'detail' });
    expect(detail.body.page.items.length).toBeGreaterThan(0);
    for (const r of detail.body.page.items) expect(r).toMatchObject({ invalid: null, invalidByReason: null });
    expect(detail.body.overall.invalid).toBe(8);
    const sorted = await stats(w.adminToken, { groupBy: 'agent', sortField: 'invalid', sortAsc: false });
    expect(sorted.body.sortField).toBe('invalid');
    const counts = sorted.body.page.items.map((r: TStatsRow) => r.invalid);
    expect(counts).toEqual([3, 3, 2]);
    const up = await stats(w.adminToken, { groupBy: 'agent', sortField: 'invalid', sortAsc: true });
    expect(up.body.page.items[0].invalid).toBe(2);
  });

  it('exports the Invalid column after Uniques, with its total', async () => {
    const res = await call<string>(env.app, 'POST', 'stats/sites/export', {
      token: w.officeA,
      body: { ...RANGE, siteId: w.site.id, groupBy: 'date' },
    });
    const lines = res.res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(/^Date,Raws,Uniques,Invalid,/);
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 4))).toEqual([
      ['2026-02-03', '4', '1', '3'],
      ['2026-02-02', '4', '1', '3'],
      ['Overall Total', '8', '2', '6'],
    ]);
  });
});

describe('the Invalid figure of a closed pay period', () => {
  it("is its days' live clicks beside the snapshot's money", async () => {
    const env = await ownDatabaseTestEnv('stats_invalid');
    const admin = await buildAdmin(env.ctx, { role: Role.Superadmin });
    const token = await tokenFor(env.ctx, admin.accountId);
    const s = await buildReportSite(env.ctx);
    const office = await buildReportOffice(env.ctx, [s.site.id], 1);
    const agentId = office.agents[0].agent.id;
    await saleOf(env.ctx, s, agentId, '2026-03-03T10:00:00-05:00');
    const invalid: ClickSpec = {
      siteId: s.site.id,
      typeId: s.first.id,
      agentId,
      ip: '10.35.1.1',
      time: '2026-03-05T10:00:00-05:00',
    };
    await record(env.ctx, [
      { ...invalid, invalidReason: code('BOT') },
      { ...invalid, invalidReason: code('BOT') },
      { ...invalid, invalidReason: code('HEAD') },
    ]);
    await closePayPeriod(env.ctx.db, '2026-03-01', admin.accountId, new Date('2026-04-01T09:00:00-04:00'));
    const res = await call<TStatsResult>(env.app, 'POST', 'stats/sites-payout', {
      token,
      body: { start: '2026-03-01', end: '2026-03-15', groupBy: 'agent' },
    });
    expect(res.body.closed).not.toBeNull();
    const want = await countClicks(env, KEYS.agent, sql`true`);
    expect(res.body.page.items.map((r) => [r.key, r.raws, r.invalid, r.invalidByReason])).toEqual(
      [...want].map(([k, v]) => [k, v.raws, v.invalid, v.invalidByReason]),
    );
    expect(res.body.overall).toMatchObject({ raws: 4, invalid: 3, sales: 1 });
    expect(res.body.overall.invalidByReason).toMatchObject({ BOT: 2, HEAD: 1, REPEAT: 0 });
    await env.app.close();
  });
});
