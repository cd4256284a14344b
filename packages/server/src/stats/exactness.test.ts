// Proof of exactness (issues 9 and 21): random clicks and sales through the real click path and postback
// (several offices and agents, custom office rates, bonus and approve-sale events, AVP weeks, days
// around both 2026 DST switches), then reversals (some a week later, across a DST switch), holds,
// approvals, rejections and adjustments through the ledger; then every grouping of every report, for
// every role, against the independent computation in exactness-model.ts over the raw rows. Money
// compares as exact decimals; detail rows also by record type and status; invalid clicks (issue 35) by
// count for every role and by reason for the admins.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  isAvpKind,
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
import { reportModel, type ModelData, type ModelQuery } from '../test/exactness-model';
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
});
