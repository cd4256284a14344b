import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, formatDecimal, officeProgress, type TChartModel } from '@salesdesk/contract';
import { buildAdmin, tokenFor } from '../test/factories';
import { call, testEnv, type TestEnv } from '../test/harness';
import { buildSalesWorld, countSales, rawSales, sell, type SalesWorld } from '../test/sales-fixtures';
import { chartBuckets, progressPercent } from './progress';

let env: TestEnv;
let adminToken: string;
let w: SalesWorld;
let officeToken: string;

// 2034: the autumn switch is on Sunday 5 November (01:00-02:00 happens twice).
beforeAll(async () => {
  env = await testEnv();
  adminToken = await tokenFor(env.ctx, (await buildAdmin(env.ctx)).accountId);
  w = await buildSalesWorld(env.ctx, [2, 1]);
  officeToken = await tokenFor(env.ctx, w.offices[0].accountId);
  const [a1, a2, b1] = w.agents;
  await sell(env.ctx, w, a1, '2034-11-03T23:59:00-04:00', 2); // the day before the range
  await sell(env.ctx, w, a1, '2034-11-04T00:00:00-04:00');
  await sell(env.ctx, w, a1, '2034-11-05T01:30:00-04:00');
  await sell(env.ctx, w, a2, '2034-11-05T01:30:00-05:00');
  await sell(env.ctx, w, a2, '2034-11-05T23:59:00-05:00');
  await sell(env.ctx, w, a2, '2034-11-07T00:00:00-05:00', 3);
  await sell(env.ctx, w, a2, '2034-11-07T00:00:00-05:00', 2, 'bonus');
  await sell(env.ctx, w, a1, '2034-03-12T12:00:00-04:00', 4);
  await sell(env.ctx, w, b1, '2034-11-05T12:00:00-05:00', 6);
});

const charts = (token: string, body: object) =>
  call<TChartModel[]>(env.app, 'POST', 'stats/office-charts', { token, body });

/** The chart the raw sales give: per point the sales of its days, progress by the contract's formula. */
async function expectedChart(officeId: number, start: string, end: string, groupBy: 'day' | 'month') {
  const sales = (await rawSales(env.ctx)).filter((s) => s.officeId === officeId);
  const buckets = chartBuckets(start, end, groupBy);
  const values = buckets.map((b) => countSales(sales, () => 0, { start: b.from, end: b.to }).get(0) ?? 0);
  return buckets.slice(1).map((b, i) => ({
    date: b.key,
    value: values[i + 1],
    progress: Number(formatDecimal(officeProgress(values[i + 1], values[i]), 2)),
  }));
}

describe('POST stats/office-charts', () => {
  it('charts days across the autumn switch, each point against the one before', async () => {
    const res = await charts(adminToken, {
      start: '2034-11-04',
      end: '2034-11-07',
      groupBy: 'day',
      companyId: w.offices[0].id,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        companyId: w.offices[0].id,
        officeName: w.offices[0].officeName,
        items: [
          { date: '2034-11-04', value: 1, progress: -50 },
          { date: '2034-11-05', value: 3, progress: 200 },
          { date: '2034-11-06', value: 0, progress: -100 },
          { date: '2034-11-07', value: 3, progress: 100 },
        ],
      },
    ]);
    expect(res.body[0].items).toEqual(
      await expectedChart(w.offices[0].id, '2034-11-04', '2034-11-07', 'day'),
    );
  });

  it('charts months of a year for every office an admin sees, and only its own for an office', async () => {
    const year = { start: '2034-01-01', end: '2034-12-31', groupBy: 'month' };
    const all = await charts(adminToken, year);
    const ids = all.body.map((m) => m.companyId);
    expect(ids).toEqual(expect.arrayContaining(w.offices.map((o) => o.id)));
    for (const o of w.offices) {
      const model = all.body.find((m) => m.companyId === o.id)!;
      expect(model.items).toHaveLength(12);
      expect(model.items).toEqual(await expectedChart(o.id, year.start, year.end, 'month'));
    }
    const mine = all.body.find((m) => m.companyId === w.offices[0].id)!;
    expect(mine.items.filter((p) => p.value || p.progress)).toEqual([
      { date: '2034-03', value: 4, progress: 100 },
      { date: '2034-04', value: 0, progress: -100 },
      { date: '2034-11', value: 9, progress: 100 },
      { date: '2034-12', value: 0, progress: -100 },
    ]);

    const asOffice = await charts(officeToken, year);
    expect(asOffice.body).toEqual([mine]);
    expect((await charts(officeToken, { ...year, companyId: w.offices[1].id })).status).toBe(404);
    expect((await charts(adminToken, { ...year, companyId: 2_000_000_000 })).status).toBe(404);
  });

  it('counts only days inside the range in a month point, the whole month before as its base', async () => {
    const res = await charts(adminToken, {
      start: '2034-11-05',
      end: '2034-11-06',
      groupBy: 'month',
      companyId: w.offices[0].id,
    });
    expect(res.body[0].items).toEqual([{ date: '2034-11', value: 3, progress: 100 }]);
  });

  it("draws the other period's sales point by point when asked to compare, as the raw sales add up", async () => {
    const office = w.offices[0].id;
    const res = await charts(adminToken, {
      start: '2034-11-04',
      end: '2034-11-07',
      groupBy: 'day',
      companyId: office,
      compare: 'previous',
    });
    expect(res.status).toBe(200);
    const [chart] = res.body;
    // The range itself is charted as without the comparison.
    expect(chart.items).toEqual(await expectedChart(office, '2034-11-04', '2034-11-07', 'day'));
    expect(chart.compare).toEqual({
      start: '2034-10-31',
      end: '2034-11-03',
      items: [
        { date: '2034-10-31', value: 0 },
        { date: '2034-11-01', value: 0 },
        { date: '2034-11-02', value: 0 },
        { date: '2034-11-03', value: 2 },
      ],
    });
    // Months, from mid-March: each month point of the other period counts only its days inside it.
    const months = await charts(officeToken, {
      start: '2034-03-15',
      end: '2034-11-30',
      groupBy: 'month',
      compare: 'previous',
    });
    const [m] = months.body;
    expect(m.items).toEqual(await expectedChart(office, '2034-03-15', '2034-11-30', 'month'));
    const other = m.compare!;
    const expected = (await expectedChart(office, other.start, other.end, 'month')).map((p) => ({
      date: p.date,
      value: p.value,
    }));
    expect(other.items).toEqual(expected);
    const lastYear = await charts(officeToken, {
      start: '2034-11-04',
      end: '2034-11-07',
      groupBy: 'day',
      compare: 'lastYear',
    });
    expect(lastYear.body[0].compare).toMatchObject({ start: '2033-11-04', end: '2033-11-07' });
    expect(
      (await charts(officeToken, { start: '2034-11-04', end: '2034-11-07', groupBy: 'day', compare: 'x' }))
        .status,
    ).toBe(400);
  });

  it('refuses agents, reversed and too long ranges', async () => {
    const agentToken = await tokenFor(env.ctx, w.agents[0].accountId);
    const week = { start: '2034-11-04', end: '2034-11-07', groupBy: 'day' };
    expect((await charts(agentToken, week)).status).toBe(403);
    for (const body of [
      { ...week, start: '2034-11-08' },
      { ...week, end: addDays('2034-11-04', 366) },
      { start: '2020-01-01', end: '2030-01-31', groupBy: 'month' },
      { ...week, groupBy: 'week' },
      { ...week, companyId: '1' },
      { ...week, companyId: 3_000_000_000 },
    ]) {
      const res = await charts(adminToken, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
    expect((await charts(adminToken, { ...week, end: addDays('2034-11-04', 365) })).status).toBe(200);
  });
});

describe('progressPercent', () => {
  it('rounds half away from zero like SQL round(), and follows DESIGN rule 7', () => {
    expect(progressPercent(0, 0)).toBe(0);
    expect(progressPercent(5, 0)).toBe(100);
    expect(progressPercent(0, 5)).toBe(-100);
    expect(progressPercent(1, 3)).toBe(-66.67);
    expect(progressPercent(4, 3)).toBe(33.33);
    expect(progressPercent(20_001, 20_000)).toBe(0.01); // 0.005 rounds up
    expect(progressPercent(19_999, 20_000)).toBe(-0.01);
    expect(progressPercent(200_001, 200_000)).toBe(0);
  });
});
