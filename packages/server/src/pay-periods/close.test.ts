// Closing, reopening and paying pay periods, on a database of the file's own (a close is global).
import { beforeAll, describe, expect, it } from 'vitest';
import { PAY_PERIOD_TEXTS } from '@salesdesk/contract';
import { addAdjustment } from '../ledger/adjust';
import { reverseSale } from '../ledger/reverse';
import { buildAdmin } from '../test/factories';
import { ownDatabaseTestEnv, type TestEnv } from '../test/harness';
import { payPeriodOfRow, saleOf, snapshotOf, statementOf } from '../test/pay-periods-fixtures';
import { buildReportOffice, buildReportSite, setAvpSchedule } from '../test/report-fixtures';
import { closePayPeriod, markPayPeriodPaid, reopenPayPeriod } from './close';

let env: TestEnv;
let by: number;
let w: Awaited<ReturnType<typeof world>>;

// Eastern instants; the close runs "now" at APRIL (every March period has ended).
const APRIL = new Date('2026-04-20T12:00:00-04:00');
const MAY = new Date('2026-05-20T12:00:00-04:00');

async function world() {
  const plain = await buildReportSite(env.ctx);
  const avp = await buildReportSite(env.ctx, { avp: true });
  const office = await buildReportOffice(env.ctx, [plain.site.id, avp.site.id], 2);
  const [a1, a2] = office.agents.map((g) => g.agent.id);
  return { plain, avp, office, a1, a2 };
}

const conflictOf = (p: Promise<unknown>) =>
  p.then(
    () => 'closed',
    (e: { status?: number; message: string }) => `${e.status} ${e.message}`,
  );

beforeAll(async () => {
  env = await ownDatabaseTestEnv('pay_close');
  by = (await buildAdmin(env.ctx)).accountId;
  await setAvpSchedule(env.ctx);
  w = await world();
});

describe('closing a pay period', () => {
  let early: { id: number; txId: string };

  it('refuses a period that has not ended, that does not start that day, or with an earlier one open', async () => {
    early = await saleOf(env.ctx, w.plain, w.a1, '2026-03-03T10:00:00-05:00');
    await saleOf(env.ctx, w.plain, w.a1, '2026-03-20T10:00:00-04:00');
    expect(await payPeriodOfRow(env.ctx.db, early.id)).toBe('2026-03-01');
    const mid = new Date('2026-03-15T23:00:00-04:00');
    expect(await conflictOf(closePayPeriod(env.ctx.db, '2026-03-01', by, mid))).toBe(
      `409 ${PAY_PERIOD_TEXTS.notEnded}`,
    );
    expect(await conflictOf(closePayPeriod(env.ctx.db, '2026-03-16', by, APRIL))).toBe(
      `409 ${PAY_PERIOD_TEXTS.closeEarlierFirst({ start: '2026-03-01', end: '2026-03-15' })}`,
    );
    expect(await conflictOf(closePayPeriod(env.ctx.db, '2026-03-05', by, APRIL))).toBe(
      '404 Pay period not found',
    );
  });

  it('saves the lines, AVP lines, statements and totals, and a late refund goes to the next period', async () => {
    // AVP: a2 sells four times in the week of Sunday 2026-03-08 (period 2: 20.75 and 0.40 a sale).
    for (const day of ['09', '10', '11', '12']) {
      await saleOf(env.ctx, w.avp, w.a2, `2026-03-${day}T10:00:00-04:00`);
    }
    await saleOf(env.ctx, w.plain, w.a2, '2026-03-13T10:00:00-04:00', 'bonus');
    expect(await closePayPeriod(env.ctx.db, '2026-03-01', by, APRIL)).toEqual({
      start: '2026-03-01',
      end: '2026-03-15',
    });
    const snap = await snapshotOf(env.ctx.db, '2026-03-01');
    // a1: one 100.00 sale; a2: four AVP sales (400.00 + 4 x 20.75 AVP) and a 50.00 bonus.
    expect(snap.period).toEqual({
      start: '2026-03-01',
      end: '2026-03-15',
      status: 1,
      agents_paid: 2,
      payout: '550.00',
      avp_payout: '83.00',
      avp_payout_dollars: '1.60',
    });
    expect(snap.avp).toMatchObject([{ agent_id: w.a2, sales: 4, week_sales: 4, period_index: 2 }]);
    expect(await statementOf(env.ctx.db, '2026-03-01', w.a2)).toEqual({
      total: '533.00',
      carried_in: '0.00',
      payable: '533.00',
      carried_out: '0.00',
    });
    // One line per day, site, type, office and agent: a1's day, a2's four AVP days and its bonus day.
    expect(snap.lines).toHaveLength(6);
    expect(snap.lines.find((l) => l.day === '2026-03-13')).toMatchObject({ bonus_sales: 1, agent_id: w.a2 });

    // A refund of the closed period's sale, dated in it, and a held-then-late sale: paid later.
    const refund = await reverseSale(
      env.ctx.db,
      { id: early.id },
      {
        kind: 'refund',
        reason: 'customer',
        by,
        at: new Date('2026-03-05T10:00:00-05:00'),
      },
    );
    if (refund.kind !== 'reversed' || !refund.reversalId) throw new Error('not reversed');
    expect(await payPeriodOfRow(env.ctx.db, refund.reversalId)).toBe('2026-03-16');
    const late = await saleOf(env.ctx, w.plain, w.a1, '2026-03-10T10:00:00-04:00');
    expect(await payPeriodOfRow(env.ctx.db, late.id)).toBe('2026-03-16');
    expect(await snapshotOf(env.ctx.db, '2026-03-01')).toEqual(snap);
    expect(await conflictOf(closePayPeriod(env.ctx.db, '2026-03-01', by, APRIL))).toBe(
      `409 ${PAY_PERIOD_TEXTS.alreadyClosed}`,
    );
  });

  it('carries a negative total into the next statements until it is paid off', async () => {
    // 2026-03-16: a1 has 100 (03-20) + 100 (late) - 100 (refund) - 350 (adjustment) = -250.
    await addAdjustment(
      env.ctx.db,
      { agentId: w.a1, payout: '-350.00', earning: '0', date: '2026-03-25', note: 'clawback' },
      by,
    );
    await closePayPeriod(env.ctx.db, '2026-03-16', by, APRIL);
    expect(await statementOf(env.ctx.db, '2026-03-16', w.a1)).toEqual({
      total: '-250.00',
      carried_in: '0.00',
      payable: '0.00',
      carried_out: '-250.00',
    });
    // 2026-04-01: one sale of 100: still owing 150. 2026-04-16: nothing sold, the balance stays on.
    await saleOf(env.ctx, w.plain, w.a1, '2026-04-02T10:00:00-04:00');
    await closePayPeriod(env.ctx.db, '2026-04-01', by, MAY);
    expect(await statementOf(env.ctx.db, '2026-04-01', w.a1)).toMatchObject({
      carried_in: '-250.00',
      payable: '0.00',
      carried_out: '-150.00',
    });
    await saleOf(env.ctx, w.plain, w.a2, '2026-04-20T10:00:00-04:00');
    await closePayPeriod(env.ctx.db, '2026-04-16', by, MAY);
    expect(await statementOf(env.ctx.db, '2026-04-16', w.a1)).toEqual({
      total: '0.00',
      carried_in: '-150.00',
      payable: '0.00',
      carried_out: '-150.00',
    });
    expect((await snapshotOf(env.ctx.db, '2026-04-16')).period?.agents_paid).toBe(1);
  });

  it('reopens only the latest closed period, dropping its snapshot; paid never changes', async () => {
    const reopen = (start: string) => conflictOf(reopenPayPeriod(env.ctx.db, start, by, 'recount', MAY));
    expect(await reopen('2026-04-01')).toBe(`409 ${PAY_PERIOD_TEXTS.onlyLatest}`);
    expect(await reopen('2026-05-01')).toBe(`409 ${PAY_PERIOD_TEXTS.onlyLatest}`);
    const before = await snapshotOf(env.ctx.db, '2026-04-16');
    expect(await reopen('2026-04-16')).toBe('closed');
    const open = await snapshotOf(env.ctx.db, '2026-04-16');
    expect(open).toMatchObject({ period: { status: 0, payout: '0.00' }, lines: [], avp: [], statements: [] });
    // A sale dated in the reopened period lands in it again; the close saves it with the rest.
    const sale = await saleOf(env.ctx, w.plain, w.a1, '2026-04-21T10:00:00-04:00');
    expect(await payPeriodOfRow(env.ctx.db, sale.id)).toBe('2026-04-16');
    await closePayPeriod(env.ctx.db, '2026-04-16', by, MAY);
    const again = await snapshotOf(env.ctx.db, '2026-04-16');
    expect(again.period?.payout).toBe('200.00');
    expect(again.lines).toHaveLength(before.lines.length + 1);

    const paid = (start: string) => conflictOf(markPayPeriodPaid(env.ctx.db, start, by, MAY));
    expect(await paid('2026-05-01')).toBe(`409 ${PAY_PERIOD_TEXTS.notClosed}`);
    expect(await paid('2026-04-16')).toBe('closed');
    expect(await paid('2026-04-16')).toBe(`409 ${PAY_PERIOD_TEXTS.paidNeverChanges}`);
    expect(await reopen('2026-04-16')).toBe(`409 ${PAY_PERIOD_TEXTS.paidNeverChanges}`);
  });

  it('closes once when two closes race', async () => {
    await saleOf(env.ctx, w.plain, w.a2, '2026-05-05T10:00:00-04:00');
    const june = new Date('2026-06-02T12:00:00-04:00');
    const results = await Promise.all([
      conflictOf(closePayPeriod(env.ctx.db, '2026-05-01', by, june)),
      conflictOf(closePayPeriod(env.ctx.db, '2026-05-01', by, june)),
    ]);
    expect(results.sort()).toEqual([`409 ${PAY_PERIOD_TEXTS.alreadyClosed}`, 'closed']);
    expect((await snapshotOf(env.ctx.db, '2026-05-01')).lines).toHaveLength(1);
  });
});
