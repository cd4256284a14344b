import { beforeAll, describe, expect, it } from 'vitest';
import type { TStatsResult } from '@salesdesk/contract';
import { call, testEnv, type TestEnv } from '../test/harness';
import { tokenFor } from '../test/factories';
import {
  adminTokens,
  buildReportOffice,
  buildReportSite,
  record,
  setAvpSchedule,
  setLppVisible,
} from '../test/report-fixtures';

let env: TestEnv;
let w: Awaited<ReturnType<typeof world>>;

// Monday 2026-01-05 and Tuesday 2026-01-06 (Eastern); the period before them is 01-03..01-04.
const D1 = '2026-01-05T10:00:00-05:00';
const D2 = '2026-01-06T23:30:00-05:00';
const PREV = '2026-01-04T12:00:00-05:00';
const RANGE = { start: '2026-01-05', end: '2026-01-06' };

async function world() {
  const s = await buildReportSite(env.ctx);
  const a = await buildReportOffice(env.ctx, [s.site.id], 2);
  const b = await buildReportOffice(env.ctx, [s.site.id], 1);
  const [a1, a2] = a.agents.map((g) => g.agent.id);
  const b1 = b.agents[0].agent.id;
  const t1 = s.first.id;
  const site = s.site.id;
  await record(env.ctx, [
    { siteId: site, typeId: t1, agentId: a1, ip: '10.1.0.1', time: D1, event: 'sale' },
    { siteId: site, typeId: t1, agentId: a1, ip: '10.1.0.1', time: D1, event: 'bonus', saleTime: D2 },
    { siteId: site, typeId: t1, agentId: a1, ip: '10.1.0.2', time: D1 },
    { siteId: site, typeId: s.second.id, agentId: a2, ip: '10.1.0.3', time: D2, event: 'sale' },
    { siteId: site, typeId: t1, agentId: b1, ip: '10.1.0.1', time: D1, event: 'sale' },
    { siteId: site, typeId: t1, agentId: b1, ip: '10.1.0.4', time: D1 },
    { siteId: site, typeId: t1, agentId: a1, ip: '10.1.0.9', time: PREV, event: 'sale' },
  ]);
  const tokens = await adminTokens(env.ctx);
  return {
    ...s,
    ...tokens,
    a,
    b,
    a1,
    a2,
    b1,
    officeA: await tokenFor(env.ctx, a.accountId),
    agentA1: await tokenFor(env.ctx, a.agents[0].accountId),
  };
}

beforeAll(async () => {
  env = await testEnv();
  await setAvpSchedule(env.ctx);
  await setLppVisible(env.ctx, true);
  w = await world();
});

const stats = (token: string, body: object, path = 'stats/sites') =>
  call<TStatsResult>(env.app, 'POST', path, { token, body: { ...RANGE, siteId: w.site.id, ...body } });

describe('POST stats/sites', () => {
  it('groups by date with exact figures, per-type columns and totals (superadmin sees earnings)', async () => {
    const res = await stats(w.superToken, { groupBy: 'date' });
    expect(res.status).toBe(200);
    const { page, overall, types } = res.body;
    expect(types.map((t) => t.typename)).toEqual(['A second', 'B main']);
    expect(page.total).toBe(2);
    const [d2, d1] = page.items;
    expect(d1).toMatchObject({ date: '2026-01-05', raws: 5, uniques: 4, sales: 2, bonusSales: 0 });
    expect(d1).toMatchObject({ payout: '200.00', earn: '20.00', bonusPayout: '0.00', lpp: null });
    expect(d1.byType).toEqual({
      [w.second.id]: 0,
      [`${w.second.id}_bonus`]: 0,
      [w.first.id]: 2,
      [`${w.first.id}_bonus`]: 0,
    });
    expect(d2).toMatchObject({
      date: '2026-01-06',
      raws: 1,
      uniques: 1,
      sales: 1,
      bonusSales: 1,
      bonusRatio: 100,
    });
    expect(d2).toMatchObject({ payout: '30.00', bonusPayout: '50.00', earn: '3.00', bonusEarn: '5.00' });
    expect(overall).toMatchObject({
      raws: 6,
      uniques: 5,
      sales: 3,
      bonusSales: 1,
      payout: '230.00',
      earning: '23.00',
    });
    expect(res.body).toMatchObject({
      earningVisible: true,
      hasBonus: true,
      lppVisible: false,
      groupBy: 'date',
    });
  });

  it('groups by office and agent with lpp and lppPrev; an admin without the permission gets no earnings', async () => {
    const offices = await stats(w.adminToken, { groupBy: 'company', companyId: w.a.office.id });
    expect(offices.body.earningVisible).toBe(false);
    expect(offices.body.page.items).toEqual([
      expect.objectContaining({
        companyId: w.a.office.id,
        raws: 4,
        sales: 2,
        bonusSales: 1,
        lpp: 4,
        lppPrev: 2,
        earn: null,
      }),
    ]);
    expect(offices.body.overall).toMatchObject({ lpp: 4, lppPrev: 2, lpp_prev: 2, earning: null });
    const agents = await stats(w.adminToken, {
      groupBy: 'agent',
      companyId: w.a.office.id,
      sortField: 'sales',
      sortAsc: false,
    });
    expect(agents.body.page.items.map((r) => [r.agentId, r.sales, r.lpp, r.lppPrev])).toEqual([
      [w.a1, 1, 3, 2],
      [w.a2, 1, 1, 0],
    ]);
  });

  it('pages through sales in detail grouping, newest first', async () => {
    const res = await stats(w.superToken, { groupBy: 'detail', agentId: w.a1, pageSize: 1 });
    expect(res.body.page.total).toBe(2);
    expect(res.body.page.items[0]).toMatchObject({ bonusSales: 1, bonusPayout: '50.00', raws: null, lpp: 1 });
    const next = await stats(w.superToken, { groupBy: 'detail', agentId: w.a1, pageSize: 1, page: 2 });
    expect(next.body.page.items[0]).toMatchObject({ sales: 1, payout: '100.00', earn: '10.00', lpp: 2 });
  });

  it('an office sees its office only; another office or its agent answers 404', async () => {
    const res = await stats(w.officeA, { groupBy: 'agent' });
    expect(res.body.page.items.map((r) => r.agentId).sort()).toEqual([w.a1, w.a2].sort());
    expect(res.body.overall.sales).toBe(2);
    expect((await stats(w.officeA, { companyId: w.b.office.id })).status).toBe(404);
    expect((await stats(w.officeA, { agentId: w.b1 })).status).toBe(404);
    expect((await stats(w.officeA, { groupBy: 'company' })).status).toBe(400);
  });

  it('an agent sees itself only, whatever it asks for', async () => {
    const res = await stats(w.agentA1, { groupBy: 'date' });
    expect(res.body.overall).toMatchObject({ sales: 1, bonusSales: 1, raws: 3 });
    expect((await stats(w.agentA1, { agentId: w.a2 })).status).toBe(404);
    expect((await stats(w.agentA1, { groupBy: 'agent' })).status).toBe(400);
  });
});

describe('payroll', () => {
  it('is the admins only', async () => {
    expect((await stats(w.officeA, {}, 'stats/sites-payout')).status).toBe(403);
    expect((await stats(w.agentA1, {}, 'stats/sites-payout/avp')).status).toBe(403);
    expect((await stats('', {}, 'stats/sites-payout')).status).toBe(401);
  });

  it('adds the per-type payout columns and gives a bonus ratio of 100 without sales', async () => {
    const res = await stats(
      w.adminToken,
      { groupBy: 'agent', agentId: w.a1, start: '2026-01-06', end: '2026-01-06' },
      'stats/sites-payout',
    );
    expect(res.body.types.map((t) => t.id)).toContain(`${w.first.id}_payout`);
    expect(res.body.page.items[0]).toMatchObject({ sales: 0, bonusSales: 1, bonusRatio: 100 });
    expect(res.body.page.items[0].byType[`${w.first.id}_payout`]).toBe('50.00');
  });
});

describe('bad input', () => {
  it.each([
    { siteId: '0x10' },
    { siteId: 3000000000 },
    { agentId: '1e3' },
    { start: '2026-01-07', end: '2026-01-06' },
    { start: '2026-02-30' },
    { start: '2015-06-01', end: '2026-01-06' },
    { groupBy: 'office' },
    { sortField: 'nope' },
    { pageSize: 100000 },
    { start: '2026-01-05\u0000' },
  ])('%j answers 400', async (body) => {
    const res = await stats(w.superToken, body);
    expect(res.status).toBe(400);
    expect((res.body as unknown as { code: string }).code).toBe('VALIDATION_ERROR');
  });
});

describe('CSV export', () => {
  const exportCsv = (token: string, body: object, path = 'stats/sites/export') =>
    call<string>(env.app, 'POST', path, { token, body: { ...RANGE, siteId: w.site.id, ...body } });

  // Conv. % and EPC (issue 37): sales and money per unique click, of each row and of the Overall Total.
  it('holds every row of the criteria (not just the page) in the screen columns, then the Overall Total; figures as bare numbers, units in the headers', async () => {
    const res = await exportCsv(w.superToken, { groupBy: 'date', pageSize: 1 });
    expect(res.status).toBe(200);
    expect(res.res.headers['content-type']).toContain('text/csv');
    const lines = res.res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Date,Raws,Uniques,Invalid,A second,B main,B main Bonus,Total Sales,Total Bonus,Bonus Ratio (%),Earning ($),Bonus Earning ($),Payout (₱),Bonus Payout (₱),Conv. %,EPC (₱),EPC ($),Reversals,Reversed ($),Reversed (₱),Held,Held ($),Held (₱),Adjusted ($),Adjusted (₱)',
    );
    expect(lines.slice(1)).toEqual([
      '2026-01-06,1,1,0,1,0,1,1,1,100.00,3.00,5.00,30,50,100.00,80,8.00,0,0.00,0,0,0.00,0,0.00,0',
      '2026-01-05,5,4,0,0,2,0,2,0,0.00,20.00,0.00,200,0,50.00,50,5.00,0,0.00,0,0,0.00,0,0.00,0',
      'Overall Total,6,5,0,1,2,1,3,1,33.33,23.00,5.00,230,50,60.00,56,5.60,0,0.00,0,0,0.00,0,0.00,0',
    ]);
  });

  it('streams every sale in detail; an office exports its own only and may not export payroll', async () => {
    const res = await exportCsv(w.officeA, { groupBy: 'detail' });
    const lines = res.res.body.trim().split('\r\n');
    expect(lines).toHaveLength(1 + 3 + 1);
    expect(lines[0]).not.toContain('Earning');
    expect((await exportCsv(w.officeA, { companyId: w.b.office.id })).status).toBe(404);
    expect((await exportCsv(w.officeA, {}, 'stats/sites-payout/export')).status).toBe(403);
  });
});
