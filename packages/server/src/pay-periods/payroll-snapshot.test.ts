// Payroll and Payroll AVP over exactly a closed pay period show its snapshot, marked closed; a late
// refund dated in it and a change of the AVP rates leave those pages alone. A database of its own.
import { beforeAll, describe, expect, it } from 'vitest';
import { Role, type TStatsResult } from '@salesdesk/contract';
import { reverseSale } from '../ledger/reverse';
import { buildAdmin, tokenFor } from '../test/factories';
import { call, ownDatabaseTestEnv, type TestEnv } from '../test/harness';
import { saleOf, snapshotOf } from '../test/pay-periods-fixtures';
import { AVP_SCHEDULE, buildReportOffice, buildReportSite, setAvpSchedule } from '../test/report-fixtures';
import { closePayPeriod } from './close';

let env: TestEnv;
let token: string;
let by: number;
let username: string;

const MARCH = { start: '2026-03-01', end: '2026-03-15' };

beforeAll(async () => {
  env = await ownDatabaseTestEnv('pay_payroll');
  const admin = await buildAdmin(env.ctx, { role: Role.Superadmin });
  by = admin.accountId;
  username = admin.username;
  token = await tokenFor(env.ctx, by);
  await setAvpSchedule(env.ctx);
});

/** The money of a result: clicks are live on every page (the late sale's click counts), money is not. */
const money = (r: TStatsResult) => {
  const strip = <T extends { raws: number | null; uniques: number | null }>({
    raws: _r,
    uniques: _u,
    ...m
  }: T) => m;
  return { overall: strip(r.overall), rows: r.page.items.map(strip) };
};

const payroll = (url: string, range: { start: string; end: string }, groupBy = 'agent') =>
  call<TStatsResult>(env.app, 'POST', url, { token, body: { ...range, groupBy } });

describe('payroll of a closed period', () => {
  it('reads the snapshot, marked closed, however the rows and rates change later', async () => {
    const plain = await buildReportSite(env.ctx);
    const avp = await buildReportSite(env.ctx, { avp: true });
    const office = await buildReportOffice(env.ctx, [plain.site.id, avp.site.id], 1);
    const agentId = office.agents[0].agent.id;
    const sold = await saleOf(env.ctx, plain, agentId, '2026-03-03T10:00:00-05:00');
    for (const day of ['09', '10', '11'])
      await saleOf(env.ctx, avp, agentId, `2026-03-${day}T10:00:00-04:00`);
    await closePayPeriod(env.ctx.db, MARCH.start, by, new Date('2026-04-01T09:00:00-04:00'));

    const before = await payroll('stats/sites-payout', MARCH);
    const beforeAvp = await payroll('stats/sites-payout/avp', MARCH);
    expect(before.body.closed).toEqual({ day: '2026-04-01', by: username });
    expect(before.body.overall).toMatchObject({ sales: 4, payout: '400.00' });
    expect(beforeAvp.body.overall).toMatchObject({ sales: 3, payoutPhp: '31.50', payoutDollars: '0.75' });
    const snap = await snapshotOf(env.ctx.db, MARCH.start);
    expect(snap.period).toMatchObject({ payout: '400.00', avp_payout: '31.50', avp_payout_dollars: '0.75' });

    // A refund dated in the closed period, a late AVP sale in the same week, and new AVP rates.
    await reverseSale(
      env.ctx.db,
      { id: sold.id },
      { kind: 'refund', reason: 'late', by, at: new Date('2026-03-04T10:00:00-05:00') },
    );
    await saleOf(env.ctx, avp, agentId, '2026-03-12T10:00:00-04:00');
    await setAvpSchedule(
      env.ctx,
      AVP_SCHEDULE.map((p) => ({ ...p, payoutPhp: '99.00' })),
    );

    const after = await payroll('stats/sites-payout', MARCH);
    const afterAvp = await payroll('stats/sites-payout/avp', MARCH);
    expect(money(after.body)).toEqual(money(before.body));
    expect(money(afterAvp.body)).toEqual(money(beforeAvp.body));
    expect(after.body.overall.raws).toBe(5);
    const detail = await payroll('stats/sites-payout', MARCH, 'detail');
    expect(detail.body.page.total).toBe(4);
    expect(detail.body.closed).toEqual(before.body.closed);

    // Any other range is live: the refund and the late sale show, and no mark.
    const live = await payroll('stats/sites-payout', { start: '2026-03-01', end: '2026-03-14' });
    expect(live.body.closed).toBeNull();
    expect(live.body.overall).toMatchObject({ sales: 5, payout: '400.00', reversals: 1 });
    // The statistics page (not payroll) is never a snapshot.
    expect((await payroll('stats/sites', MARCH)).body.closed).toBeNull();
  });
});
