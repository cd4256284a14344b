// The reports of one agent's money lifecycle (issue 21): a sale refunded in the next week, a held sale, a
// rejected one and an adjustment, as an admin's payroll and as the agent's and the office's statistics.
import { beforeAll, describe, expect, it } from 'vitest';
import { SaleStatus, type TStatsResult, type TStatsRow } from '@salesdesk/contract';
import { queryRows, sql } from '../db/client';
import { addAdjustment } from '../ledger/adjust';
import { reverseSale } from '../ledger/reverse';
import { changeHeldSales } from '../ledger/status';
import { call, testEnv, type TestEnv } from '../test/harness';
import { buildAdmin, tokenFor } from '../test/factories';
import { holdSales } from '../test/money-fixtures';
import {
  adminTokens,
  buildReportOffice,
  buildReportSite,
  record,
  setLppVisible,
} from '../test/report-fixtures';

let env: TestEnv;
let w: Awaited<ReturnType<typeof world>>;

const SALE_WEEK = { start: '2026-03-01', end: '2026-03-07' };
const NEXT_WEEK = { start: '2026-03-08', end: '2026-03-14' };
const SECRET = 'internal: card on the fraud list';

async function world() {
  const s = await buildReportSite(env.ctx);
  const a = await buildReportOffice(env.ctx, [s.site.id], 1);
  const b = await buildReportOffice(env.ctx, [s.site.id], 1);
  const agentId = a.agents[0].agent.id;
  const spec = (time: string) => ({
    siteId: s.site.id,
    typeId: s.first.id,
    agentId,
    ip: '10.9.0.1',
    time,
    event: 'sale' as const,
  });
  await record(env.ctx, [
    spec('2026-03-07T23:30:00-05:00'),
    spec('2026-03-09T12:00:00-04:00'),
    spec('2026-03-10T12:00:00-04:00'),
  ]);
  const ids = (
    await queryRows<{ id: string }>(
      env.ctx.db,
      sql`select id::text from sales where agent_id = ${agentId} order by date`,
    )
  ).map((r) => Number(r.id));
  const admin = await buildAdmin(env.ctx);
  // Refunded after the DST switch, in the next Sunday week.
  await reverseSale(
    env.ctx.db,
    { id: ids[0] },
    { kind: 'refund', reason: SECRET, by: admin.accountId, at: new Date('2026-03-08T03:30:00-04:00') },
  );
  await holdSales(env.ctx.db, [ids[1], ids[2]]);
  await changeHeldSales(env.ctx.db, sql`id = ${ids[2]}`, {
    status: SaleStatus.Rejected,
    reason: SECRET,
    by: admin.accountId,
  });
  await addAdjustment(
    env.ctx.db,
    { agentId, payout: '-20.10', earning: '-1.05', date: '2026-03-11', note: SECRET },
    admin.accountId,
  );
  return {
    ...s,
    ...(await adminTokens(env.ctx)),
    agentId,
    ids,
    office: await tokenFor(env.ctx, a.accountId),
    otherOffice: await tokenFor(env.ctx, b.accountId),
    agent: await tokenFor(env.ctx, a.agents[0].accountId),
  };
}

beforeAll(async () => {
  env = await testEnv();
  await setLppVisible(env.ctx, true);
  w = await world();
});

const report = (token: string, path: string, body: object) =>
  call<TStatsResult>(env.app, 'POST', path, { token, body: { agentId: w.agentId, ...body } });

describe('reports of reversals, holds, rejections and adjustments', () => {
  it("an agent's payroll: the refund week drops by the sale's payout, the sale's week is unchanged", async () => {
    const sold = await report(w.superToken, 'stats/sites-payout', { groupBy: 'agent', ...SALE_WEEK });
    expect(sold.status).toBe(200);
    expect(sold.body.page.items).toEqual([
      expect.objectContaining({ sales: 1, payout: '100.00', earn: '10.00', reversals: 0, held: 0 }),
    ]);
    const next = await report(w.superToken, 'stats/sites-payout', { groupBy: 'agent', ...NEXT_WEEK });
    expect(next.body.page.items).toEqual([
      expect.objectContaining({
        sales: 0,
        payout: '-120.10',
        earn: '-11.05',
        reversals: 1,
        reversalPayout: '-100.00',
        reversalEarn: '-10.00',
        held: 1,
        heldPayout: '100.00',
        heldEarn: '10.00',
        adjustPayout: '-20.10',
        adjustEarn: '-1.05',
        lpp: -2,
      }),
    ]);
    expect(next.body.overall).toMatchObject({ payout: '-120.10', reversals: 1, held: 1 });
  });

  it('an admin without the earnings permission sees pesos only', async () => {
    const res = await report(w.adminToken, 'stats/sites-payout', { groupBy: 'date', ...NEXT_WEEK });
    expect(res.body.overall).toMatchObject({ reversalEarn: null, heldEarn: null, adjustEarn: null });
    expect(res.body.overall).toMatchObject({ reversalPayout: '-100.00', adjustPayout: '-20.10' });
  });

  it('the agent sees its own refund, held sale and adjustment in detail, never the rejection or a note', async () => {
    const res = await report(w.agent, 'stats/sites', { groupBy: 'detail', ...NEXT_WEEK });
    expect(res.status).toBe(200);
    const rows = res.body.page.items;
    expect(res.body.page.total).toBe(3);
    const pick = (r: TStatsRow) => [r.recordType, r.status, r.sitename === null, r.payout, r.sales, r.held];
    expect(rows.map(pick)).toEqual([
      [5, 'approved', true, '-20.10', 0, 0],
      [0, 'held', false, '0.00', 0, 1],
      [3, 'approved', false, '-100.00', 0, 0],
    ]);
    expect(rows[0].typename).toBeNull();
    expect(JSON.stringify(res.body)).not.toContain('internal');
    const sold = await report(w.agent, 'stats/sites', { groupBy: 'detail', ...SALE_WEEK });
    expect(sold.body.page.items.map(pick)).toEqual([[0, 'reversed', false, '100.00', 1, 0]]);
  });

  it('sorts by the new figures and exports them; the office sees them, another office does not', async () => {
    const byRefund = await report(w.office, 'stats/sites', {
      groupBy: 'detail',
      ...NEXT_WEEK,
      sortField: 'reversalPayout',
      sortAsc: true,
    });
    expect(byRefund.body.sortField).toBe('reversalPayout');
    expect(byRefund.body.page.items[0].recordType).toBe(3);
    const csv = await call<string>(env.app, 'POST', 'stats/sites/export', {
      token: w.office,
      body: { agentId: w.agentId, groupBy: 'detail', ...NEXT_WEEK },
    });
    const [header, ...lines] = csv.res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(header).toContain('Record type,Status');
    // An office sees held money and a held sale as pending.
    expect(header).toContain('Reversals,Reversed (₱),Pending,Pending (₱),Adjusted (₱)');
    const at = header.split(',').indexOf('Record type');
    expect(lines.map((l) => l.split(',').slice(at - 1, at + 2))).toEqual([
      ['', 'Adjustment', 'Approved'],
      ['B main', 'Sale', 'Pending'],
      ['B main', 'Refund', 'Approved'],
      ['', '', ''],
    ]);
    expect(lines.at(-1)).toMatch(/^Overall Total,/);
    expect(csv.res.body).not.toContain('internal');
    const other = await report(w.otherOffice, 'stats/sites', { groupBy: 'agent', ...NEXT_WEEK });
    expect(other.status).toBe(404);
  });
});
