// Proof of exactness (issues 9 and 21): random clicks and sales through the real click path and postback
// (several offices and agents, custom office rates, bonus and approve-sale events, AVP weeks, days
// around both 2026 DST switches), then reversals (some a week later, across a DST switch), holds,
// approvals, rejections and adjustments through the ledger; then every grouping of every report, for
// every role, against the independent computation in exactness-model.ts over the raw rows. Money
// compares as exact decimals; detail rows also by record type and status; invalid clicks (issue 35) by
// count for every role and by reason for the admins.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  addDays,
  comparePeriod,
  EventType,
  isAvpKind,
  SaleStatus,
  weekOf,
  type THome,
  Role,
  STATS_CALLS,
  STATS_KINDS,
  statsGroupings,
  type TStatsKind,
  type TStatsResult,
  type TStatsRow,
} from '@salesdesk/contract';
import { call, testEnv, type TestEnv } from '../test/harness';
import { tokenFor } from '../test/factories';
import { adminTokens, setAvpSchedule, setLppVisible } from '../test/report-fixtures';
import { money, reportModel, type ModelData, type ModelQuery } from '../test/exactness-model';
import { generate, rawData } from '../test/exactness-fixtures';

type Variant = { start: string; end: string; siteId?: number; companyId?: number; avp?: number };

let env: TestEnv;

/** Every row of a report (all pages), by key, as the figures the model computes. */
async function fetchAll(token: string, kind: TStatsKind, body: object) {
  const rows = new Map<string, unknown>();
  let overall: unknown;
  let total = 0;
  for (let page = 1; ; page++) {
    const res = await call<TStatsResult>(env.app, 'POST', STATS_CALLS[kind], {
      token,
      body: { ...body, page, pageSize: 500 },
    });
    if (res.status !== 200)
      throw new Error(`${kind} ${JSON.stringify(body)}: ${res.status} ${JSON.stringify(res.body)}`);
    const figures = (r: TStatsRow) => {
      const {
        key: _k,
        date: _d,
        officeName: _o,
        companyId: _c,
        agent: _a,
        agentId: _g,
        agentFullName: _f,
        sitename: _s,
        typename: _t,
        ...rest
      } = r;
      return rest;
    };
    res.body.page.items.forEach((r) => rows.set(r.key, figures(r)));
    overall = res.body.overall;
    total = res.body.page.total;
    if (page * 500 >= total) return { rows, overall, total, result: res.body };
  }
}

describe('reports are exact', () => {
  let w: Awaited<ReturnType<typeof generate>>;
  let data: ModelData;
  let roles: {
    name: string;
    token: string;
    role: number;
    scope: ModelQuery['scope'];
    earningVisible: boolean;
    reasonsVisible: boolean;
  }[];

  beforeAll(async () => {
    env = await testEnv();
    await setAvpSchedule(env.ctx);
    await setLppVisible(env.ctx, true);
    w = await generate(env.ctx);
    data = await rawData(env.ctx);
    const { superToken, adminToken } = await adminTokens(env.ctx);
    const o = w.offices[0];
    roles = [
      {
        name: 'superadmin',
        token: superToken,
        role: Role.Superadmin,
        scope: {},
        earningVisible: true,
        reasonsVisible: true,
      },
      {
        name: 'admin',
        token: adminToken,
        role: Role.Admin,
        scope: {},
        earningVisible: false,
        reasonsVisible: true,
      },
      {
        name: 'office',
        token: await tokenFor(env.ctx, o.accountId),
        role: Role.Company,
        scope: { officeId: o.office.id },
        earningVisible: false,
        reasonsVisible: false,
      },
      {
        name: 'agent',
        token: await tokenFor(env.ctx, o.agents[0].accountId),
        role: Role.Agent,
        scope: { officeId: o.office.id, agentId: o.agents[0].agent.id },
        earningVisible: false,
        reasonsVisible: false,
      },
    ];
  }, 120_000);

  it('every grouping of every report for every role equals the raw rows', async () => {
    expect(data.sales.length).toBeGreaterThan(100);
    expect(w.lifecycle.reversed).toBeGreaterThan(5);
    expect(w.lifecycle.held).toBeGreaterThan(5);
    expect(w.lifecycle.approved * w.lifecycle.rejected * w.lifecycle.heldReversed).toBeGreaterThan(0);
    // What the checked reports held, per role: each role must have met every kind of money row.
    const seen = new Map<string, Set<string>>();
    const note = (role: string, rows: Iterable<unknown>) => {
      const kinds = seen.get(role) ?? new Set<string>();
      seen.set(role, kinds);
      for (const r of rows as Iterable<Partial<TStatsRow>>) {
        if (r.reversals) kinds.add('reversal');
        if (r.held) kinds.add('held');
        if (r.adjustPayout && r.adjustPayout !== '0.00') kinds.add('adjustment');
        if (r.payout?.startsWith('-')) kinds.add('negative');
        if (r.status === 'reversed') kinds.add('reversed');
        if (r.invalid) kinds.add(r.invalidByReason ? 'invalid by reason' : 'invalid');
      }
    };
    const variants = (kind: TStatsKind, admin: boolean): Variant[] => [
      { start: '2026-03-08', end: '2026-03-14' },
      {
        start: '2026-11-01',
        end: '2026-11-07',
        siteId: w.avp.site.id,
        ...(admin ? { companyId: w.offices[1].office.id } : {}),
      },
      {
        start: '2026-03-05',
        end: '2026-03-09',
        ...(isAvpKind(kind) ? { avp: 1, siteId: w.approve.site.id } : { siteId: w.plain.site.id }),
      },
    ];
    let checked = 0;
    for (const kind of STATS_KINDS) {
      for (const r of roles) {
        if (kind.startsWith('sites-payout') && r.role > Role.Admin) continue;
        for (const groupBy of statsGroupings(kind, r.role)) {
          for (const v of variants(kind, r.role <= Role.Admin)) {
            const typeIds =
              v.siteId === w.avp.site.id
                ? [w.avp.first.id]
                : v.siteId === w.plain.site.id
                  ? [w.plain.second.id, w.plain.first.id]
                  : v.siteId === w.approve.site.id
                    ? [w.approve.second.id, w.approve.first.id]
                    : [];
            const q: ModelQuery = {
              kind,
              groupBy,
              scope: r.scope,
              ...v,
              typeIds,
              earningVisible: r.earningVisible,
              lppVisible: groupBy !== 'date',
              reasonsVisible: r.reasonsVisible,
            };
            const want = reportModel(data, q);
            const got = await fetchAll(r.token, kind, { groupBy, ...v });
            const label = `${kind} ${groupBy} as ${r.name} ${JSON.stringify(v)}`;
            expect(Object.fromEntries(got.rows), label).toEqual(Object.fromEntries(want.rows));
            expect(got.total, label).toBe(want.rows.size);
            note(r.name, got.rows.values());
            expect(got.overall, label).toEqual({
              ...want.overall,
              earning: want.overall.earn,
              bonusEarning: want.overall.bonusEarn,
              lpp_prev: want.overall.lppPrev,
            });
            checked += 1;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
    const everything = ['reversal', 'held', 'adjustment', 'negative', 'reversed'];
    for (const r of roles) {
      const invalid = r.reasonsVisible ? 'invalid by reason' : 'invalid';
      expect([...(seen.get(r.name) ?? [])].sort(), r.name).toEqual([...everything, invalid].sort());
    }
  }, 120_000);

  it('the rows have names, and the date grouping is newest first', async () => {
    const res = await call<TStatsResult>(env.app, 'POST', 'stats/sites', {
      token: roles[0].token,
      body: { groupBy: 'agent', start: '2026-03-01', end: '2026-03-14' },
    });
    expect(res.body.page.items.every((r) => r.officeName && r.agent && r.agentFullName)).toBe(true);
    const byDate = await call<TStatsResult>(env.app, 'POST', 'stats/sites', {
      token: roles[0].token,
      body: { groupBy: 'date', start: '2026-03-01', end: '2026-03-14' },
    });
    const days = byDate.body.page.items.map((r) => r.date ?? '');
    expect(days).toEqual([...days].sort().reverse());
    expect(days).toContain('2026-03-08');
  });

  it('compares with the previous period and last year: the other period as its own report shows it', async () => {
    const body = { start: '2026-03-08', end: '2026-03-14', pageSize: 500 };
    for (const r of roles) {
      for (const groupBy of (['date', 'agent'] as const).filter((g) =>
        statsGroupings('sites', r.role).includes(g),
      )) {
        for (const compare of ['previous', 'lastYear'] as const) {
          const res = await call<TStatsResult>(env.app, 'POST', 'stats/sites', {
            token: r.token,
            body: { ...body, groupBy, compare },
          });
          expect(res.status, JSON.stringify(res.body)).toBe(200);
          const other = comparePeriod(compare, body);
          const alone = await call<TStatsResult>(env.app, 'POST', 'stats/sites', {
            token: r.token,
            body: { ...other, groupBy, pageSize: 500 },
          });
          const c = res.body.compare!;
          expect(c).toMatchObject(other);
          expect(c.overall, `${r.name} ${groupBy} ${compare}`).toEqual(alone.body.overall);
          const shift = Math.round((Date.parse(other.start) - Date.parse(body.start)) / 86_400_000);
          for (const row of res.body.page.items) {
            const key = groupBy === 'date' ? addDays(row.date!, shift) : row.key;
            const there = alone.body.page.items.find((x) => x.key === key);
            expect(c.rows[row.key], `${r.name} ${row.key}`).toEqual(there);
          }
        }
      }
    }
    // The previous week of 2026-03-08 had sales: the comparison is not empty.
    const any = await call<TStatsResult>(env.app, 'POST', 'stats/sites', {
      token: roles[0].token,
      body: { ...body, groupBy: 'date', compare: 'previous' },
    });
    expect(any.body.compare!.overall.sales).toBeGreaterThan(0);
  });

  it("each role's Home figures (issue 37) equal the raw rows of their days", async () => {
    // The agent's busiest day (the worker's database holds other files' rows too): its office and every admin
    // have rows that day, and its week and pay period hold more.
    const agent = roles[roles.length - 1].scope.agentId;
    const perDay = new Map<string, number>();
    for (const e of data.sales) if (e.agentId === agent) perDay.set(e.day, (perDay.get(e.day) ?? 0) + 1);
    const [day] = [...perDay].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0];
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(`${day}T16:00:00Z`) });
    try {
      for (const r of roles) {
        const res = await call<THome>(env.app, 'GET', 'home', { token: r.token });
        expect(res.status, `${r.name} ${JSON.stringify(res.body)}`).toBe(200);
        const home = res.body;
        expect(home.today.start, r.name).toBe(day);
        const ranges =
          home.kind === 'admin' ? [home.today, home.lastWeek] : [home.today, home.week, home.period];
        if (home.kind === 'admin') expect(home.lastWeek.start).toBe(addDays(day, -7));
        else {
          expect(home.week).toMatchObject(weekOf(day));
          expect(home.period.start <= day && day <= home.period.end).toBe(true);
        }
        for (const t of ranges)
          expect(t, `${r.name} ${t.start}..${t.end}`).toEqual(homeModel(data, r.scope, t, r.earningVisible));
        expect(
          ranges.some((t) => t.sales > 0 && t.payout !== '0.00'),
          r.name,
        ).toBe(true);
      }
    } finally {
      vi.useRealTimers();
    }
  });
});

/** A Home range's figures from the raw rows alone, as the statistics count them. */
function homeModel(
  data: ModelData,
  scope: ModelQuery['scope'],
  range: { start: string; end: string },
  earningVisible: boolean,
) {
  const inRange = (e: { day: string; officeId: number; agentId: number }) =>
    (scope.officeId === undefined || e.officeId === scope.officeId) &&
    (scope.agentId === undefined || e.agentId === scope.agentId) &&
    e.day >= range.start &&
    e.day <= range.end;
  const m = { sales: 0, bonuses: 0, held: 0, uniques: 0, payout: 0n, heldPayout: 0n, earning: 0n };
  for (const c of data.clicks) if (inRange(c) && c.unique) m.uniques++;
  for (const e of data.sales) {
    if (!inRange(e) || e.status === SaleStatus.Rejected) continue;
    if (e.status === SaleStatus.Held) {
      m.held++;
      m.heldPayout += e.payout;
      continue;
    }
    m.payout += e.payout;
    m.earning += e.earning;
    if (e.event === EventType.Sale) m.sales++;
    if (e.event === EventType.Bonus) m.bonuses++;
  }
  return {
    ...range,
    sales: m.sales,
    bonuses: m.bonuses,
    payout: money(m.payout),
    held: m.held,
    heldPayout: money(m.heldPayout),
    uniques: m.uniques,
    earning: earningVisible ? money(m.earning) : null,
  };
}
