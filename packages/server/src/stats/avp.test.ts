import { beforeAll, describe, expect, it } from 'vitest';
import type { TAvpPeriod, TStatsResult, TStatsSiteOption } from '@salesdesk/contract';
import { call, testEnv, type TestEnv } from '../test/harness';
import { tokenFor } from '../test/factories';
import {
  AVP_SCHEDULE,
  adminTokens,
  buildReportOffice,
  buildReportSite,
  enableSite,
  record,
  setAvpSchedule,
  type ClickSpec,
} from '../test/report-fixtures';

let env: TestEnv;
let w: Awaited<ReturnType<typeof world>>;

// Week 1 runs Sunday 2026-01-04 to Saturday 2026-01-10, week 2 from 2026-01-11.
const W1_MON = '2026-01-05T09:00:00-05:00';
const W1_SAT = '2026-01-10T23:59:00-05:00';
const W2_SUN = '2026-01-11T00:10:00-05:00';

async function world() {
  const avpA = await buildReportSite(env.ctx, { avp: true });
  const avpB = await buildReportSite(env.ctx, { avp: true });
  const plain = await buildReportSite(env.ctx);
  const sites = [avpA.site.id, avpB.site.id, plain.site.id];
  const office = await buildReportOffice(env.ctx, sites, 2);
  const other = await buildReportOffice(env.ctx, sites, 1);
  const [a1, a2] = office.agents.map((g) => g.agent.id);
  const sale = (
    site: typeof avpA,
    agentId: number,
    time: string,
    event: 'sale' | 'bonus' = 'sale',
  ): ClickSpec => ({
    siteId: site.site.id,
    typeId: site.first.id,
    agentId,
    ip: '10.2.0.1',
    time,
    event,
  });
  await record(env.ctx, [
    // a1, week 1: four AVP sales on two AVP sites (period 2), a bonus and a plain-site sale that do not count.
    sale(avpA, a1, W1_MON),
    sale(avpA, a1, W1_MON),
    sale(avpB, a1, W1_SAT),
    sale(avpB, a1, W1_SAT),
    sale(avpA, a1, W1_MON, 'bonus'),
    sale(plain, a1, W1_MON),
    // a2, week 1: two AVP sales (period 1); week 2: a1 one sale (period 0).
    sale(avpA, a2, W1_MON),
    sale(avpA, a2, W1_SAT),
    sale(avpA, a1, W2_SUN),
    sale(avpA, other.agents[0].agent.id, W1_MON),
  ]);
  await enableSite(env.ctx, office.office.id, a1, avpA.site.id);
  return {
    avpA,
    avpB,
    plain,
    office,
    other,
    a1,
    a2,
    ...(await adminTokens(env.ctx)),
    officeToken: await tokenFor(env.ctx, office.accountId),
    agentToken: await tokenFor(env.ctx, office.agents[0].accountId),
  };
}

beforeAll(async () => {
  env = await testEnv();
  await setAvpSchedule(env.ctx);
  w = await world();
});

const payrollAvp = (body: object, token = w.adminToken, path = 'stats/sites-payout/avp') =>
  call<TStatsResult>(env.app, 'POST', path, {
    token,
    body: { start: '2026-01-04', end: '2026-01-17', companyId: w.office.office.id, ...body },
  });

describe('AVP weeks', () => {
  it('pays every AVP sale of an agent-week at the period its count selects (Payroll AVP by agent)', async () => {
    const res = await payrollAvp({ groupBy: 'agent' });
    expect(res.status).toBe(200);
    const rows = res.body.page.items.map((r) => [
      r.agentId,
      r.date,
      r.avpPeriod,
      r.agent_avp_sales_count,
      r.sales,
      r.payoutPhp,
      r.payoutDollars,
    ]);
    expect(rows).toEqual(
      [
        [w.a1, '2026-01-11', 0, 1, 1, '0.00', '0.00'],
        [w.a1, '2026-01-04', 2, 4, 4, '83.00', '1.60'],
        [w.a2, '2026-01-04', 1, 2, 2, '21.00', '0.50'],
      ].sort((x, y) => (x[0] === y[0] ? 0 : x[0] === w.a1 ? -1 : 1)),
    );
    expect(res.body.overall).toMatchObject({
      sales: 7,
      bonusSales: 1,
      payoutPhp: '104.00',
      payoutDollars: '2.10',
    });
  });

  it('counts the whole week even when the period covers part of it', async () => {
    const res = await payrollAvp({ groupBy: 'agent', agentId: w.a1, start: '2026-01-05', end: '2026-01-05' });
    expect(res.body.page.items).toEqual([
      expect.objectContaining({ avpPeriod: 2, agent_avp_sales_count: 4, sales: 2, payoutPhp: '41.50' }),
    ]);
  });

  it('sums the same amounts by office and by date, and prices each sale in detail', async () => {
    const byOffice = await payrollAvp({ groupBy: 'company' });
    expect(byOffice.body.page.items).toEqual([
      expect.objectContaining({ payoutPhp: '104.00', payoutDollars: '2.10' }),
    ]);
    const byDate = await payrollAvp({ groupBy: 'date' });
    expect(byDate.body.page.items.map((r) => [r.date, r.payoutPhp])).toEqual([
      ['2026-01-11', '0.00'],
      ['2026-01-10', '52.00'],
      ['2026-01-05', '52.00'],
    ]);
    const detail = await payrollAvp({ groupBy: 'detail', agentId: w.a2 });
    expect(detail.body.page.items.map((r) => [r.avpPeriod, r.payoutPhp, r.payoutDollars])).toEqual([
      [1, '10.50', '0.25'],
      [1, '10.50', '0.25'],
    ]);
  });

  it('filters by AVP period', async () => {
    const res = await payrollAvp({ groupBy: 'agent', avp: 1 });
    expect(res.body.page.items.map((r) => r.agentId)).toEqual([w.a2]);
    expect(res.body.overall.payoutPhp).toBe('21.00');
  });

  it('Sites AVP Statistics: agents see their own weeks; the AVP column but no AVP pay; a plain site is not found', async () => {
    const mine = await payrollAvp(
      { groupBy: 'detail', companyId: undefined },
      w.agentToken,
      'stats/sites/avp',
    );
    expect(mine.status).toBe(200);
    expect(mine.body.page.items.every((r) => r.agentId === w.a1)).toBe(true);
    expect(mine.body.page.total).toBe(6);
    const office = await payrollAvp({ groupBy: 'agent' }, w.officeToken, 'stats/sites/avp');
    expect(office.body.page.items).toHaveLength(3);
    expect((await payrollAvp({ groupBy: 'date' }, w.officeToken, 'stats/sites/avp')).status).toBe(400);
    expect((await payrollAvp({ siteId: w.plain.site.id }, w.officeToken, 'stats/sites/avp')).status).toBe(
      404,
    );
    expect(
      (await payrollAvp({ companyId: w.other.office.id }, w.officeToken, 'stats/sites/avp')).status,
    ).toBe(404);
  });
});

describe('GET avp-periods and the criteria options', () => {
  it('answers the pay schedule to every role', async () => {
    const res = await call<TAvpPeriod[]>(env.app, 'GET', 'avp-periods', { token: w.agentToken });
    expect(res.body).toEqual(AVP_SCHEDULE);
    expect((await call(env.app, 'GET', 'avp-periods')).status).toBe(401);
  });

  it("lists the caller's sites (AVP ones on AVP pages) and the types of its own sites only", async () => {
    const sites = await call<TStatsSiteOption[]>(env.app, 'GET', 'stats/site-options?avp=true', {
      token: w.officeToken,
    });
    expect(sites.body.map((s) => s.id).sort()).toEqual([w.avpA.site.id, w.avpB.site.id].sort());
    const types = await call<{ typename: string }[]>(
      env.app,
      'GET',
      `stats/site-options/${w.avpA.site.id}/types`,
      { token: w.agentToken },
    );
    expect(types.body.map((t) => t.typename)).toEqual(['A second', 'B main']);
    const stranger = await buildReportSite(env.ctx);
    expect(
      (await call(env.app, 'GET', `stats/site-options/${stranger.site.id}/types`, { token: w.officeToken }))
        .status,
    ).toBe(404);
    expect(
      (await call(env.app, 'GET', 'stats/site-options/0x10/types', { token: w.officeToken })).status,
    ).toBe(400);
  });
});
