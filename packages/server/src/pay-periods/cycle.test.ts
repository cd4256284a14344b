// The pay cycle option: saving another cycle moves the rows of open periods to the new cycle's periods in
// the same transaction; closed periods keep theirs. A database of the file's own (the option is global).
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { OPTION_NAMES, payPeriodOf, Role } from '@salesdesk/contract';
import { queryRows } from '../db/client';
import { buildAdmin, tokenFor } from '../test/factories';
import { call, ownDatabaseTestEnv, type TestEnv } from '../test/harness';
import { payPeriodOfRow, saleOf, snapshotOf } from '../test/pay-periods-fixtures';
import { buildReportOffice, buildReportSite } from '../test/report-fixtures';
import { closePayPeriod } from './close';

let env: TestEnv;
let superToken: string;
let by: number;

beforeAll(async () => {
  env = await ownDatabaseTestEnv('pay_cycle');
  by = (await buildAdmin(env.ctx, { role: Role.Superadmin })).accountId;
  superToken = await tokenFor(env.ctx, by);
});

const saveCycle = (value: string) =>
  call(env.app, 'POST', 'options', { token: superToken, body: [{ name: OPTION_NAMES.payCycle, value }] });

/** Every row's pay period against the contract's rule for its Eastern day. */
async function misplaced(cycle: 'weekly' | 'half-month', closedThrough: string) {
  const rows = await queryRows<{ id: string; day: string; p: string }>(
    env.ctx.db,
    sql`select id::text, (date at time zone 'America/New_York')::date::text as day, pay_period::text as p
        from sales where pay_period > ${closedThrough}::date`,
  );
  return rows.filter((r) => payPeriodOf(cycle, r.day, closedThrough).start !== r.p);
}

describe('changing the pay cycle', () => {
  it('moves the rows of open periods, never a closed one, and new rows follow the new cycle', async () => {
    const site = await buildReportSite(env.ctx);
    const office = await buildReportOffice(env.ctx, [site.site.id]);
    const agentId = office.agents[0].agent.id;
    const first = await saleOf(env.ctx, site, agentId, '2025-03-03T10:00:00-05:00');
    const days = ['2025-03-18', '2025-03-20', '2025-03-27', '2025-04-02', '2025-04-09'];
    const open = [];
    for (const day of days) open.push(await saleOf(env.ctx, site, agentId, `${day}T10:00:00-04:00`));
    await closePayPeriod(env.ctx.db, '2025-03-01', by, new Date('2025-05-01T12:00:00-04:00'));
    const late = await saleOf(env.ctx, site, agentId, '2025-03-10T10:00:00-04:00');
    expect(await payPeriodOfRow(env.ctx.db, late.id)).toBe('2025-03-16');
    const closed = await snapshotOf(env.ctx.db, '2025-03-01');

    expect((await saveCycle('weekly')).status).toBe(200);
    expect(await misplaced('weekly', '2025-03-15')).toEqual([]);
    // The week holding the 16th began before it: the first open period starts the day after the close.
    expect(await payPeriodOfRow(env.ctx.db, late.id)).toBe('2025-03-16');
    expect(await payPeriodOfRow(env.ctx.db, open[1].id)).toBe('2025-03-16');
    expect(await payPeriodOfRow(env.ctx.db, open[2].id)).toBe('2025-03-23');
    expect(await payPeriodOfRow(env.ctx.db, first.id)).toBe('2025-03-01');
    const weekly = await saleOf(env.ctx, site, agentId, '2025-04-17T10:00:00-04:00');
    expect(await payPeriodOfRow(env.ctx.db, weekly.id)).toBe('2025-04-13');
    expect(await snapshotOf(env.ctx.db, '2025-03-01')).toEqual(closed);

    // Back to half-month: every open row in its half-month again.
    expect((await saveCycle('half-month')).status).toBe(200);
    expect(await misplaced('half-month', '2025-03-15')).toEqual([]);
    expect(await payPeriodOfRow(env.ctx.db, open[2].id)).toBe('2025-03-16');
    expect(await payPeriodOfRow(env.ctx.db, weekly.id)).toBe('2025-04-16');
  });

  it('refuses a cycle that is not one, and leaves the rows alone', async () => {
    const res = await saveCycle('monthly');
    expect(res.status).toBe(400);
    expect(await misplaced('half-month', '2025-03-15')).toEqual([]);
  });
});
