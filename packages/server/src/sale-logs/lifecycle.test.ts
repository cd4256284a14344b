// The sale log with the money lifecycle: statuses, reversals and adjustments in the rows, the filters and
// the CSV; notes for admins only; totals equal to an independent count of the raw rows.
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { Role, saleStatusName, type TSaleLogAnswer, type TSaleLogSearchInput } from '@salesdesk/contract';
import { queryRows } from '../db/client';
import { buildAdmin, buildClickPath, tokenFor } from '../test/factories';
import { call, testEnv, type TestEnv } from '../test/harness';
import { secondAgent } from '../test/logs-fixtures';
import { moneySale } from '../test/money-fixtures';

let env: TestEnv;
let superToken: string;
beforeAll(async () => {
  env = await testEnv();
  superToken = await tokenFor(env.ctx, (await buildAdmin(env.ctx, { role: Role.Superadmin })).accountId);
});

type Res = { status: number; body: TSaleLogAnswer & { code?: string } };
const search = (token: string, body: TSaleLogSearchInput | object): Promise<Res> =>
  call(env.app, 'POST', 'sale-logs', { token, body });
const money = async (method: 'POST' | 'PUT', url: string, body: object) => {
  const res = await call<{ reversalId?: number; id?: number }>(env.app, method, url, {
    token: superToken,
    body,
  });
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
};

/**
 * One office, two agents, in February 2024: approved, held, rejected and reversed sales and bonuses, the
 * reversals (dated today), and an adjustment of each agent (one on a February day, one today).
 */
async function lifecycleOffice() {
  const a = await buildClickPath(env.ctx);
  const b = await secondAgent(env.ctx, a);
  const at = (day: number) => `2024-02-${String(day).padStart(2, '0')}T15:00:00Z`;
  const ids = {
    approved: await moneySale(env.ctx, a, at(3)),
    bonus: await moneySale(env.ctx, a, at(3), { event: 'bonus' }),
    held: await moneySale(env.ctx, a, at(4), { held: true }),
    heldBonus: await moneySale(env.ctx, b, at(5), { held: true, event: 'bonus' }),
    rejected: await moneySale(env.ctx, b, at(6), { held: true }),
    refunded: await moneySale(env.ctx, b, at(7)),
    chargedBack: await moneySale(env.ctx, a, at(8), { event: 'bonus' }),
    heldReversed: await moneySale(env.ctx, a, at(9), { held: true }),
  };
  await money('POST', 'sales/status', { ids: [ids.rejected], status: 'rejected', reason: 'stolen card' });
  const refund = await money('POST', `sales/${ids.refunded}/reverse`, { kind: 'refund', reason: 'refunded' });
  const chargeback = await money('POST', `sales/${ids.chargedBack}/reverse`, {
    kind: 'chargeback',
    reason: 'cb',
  });
  await money('POST', `sales/${ids.heldReversed}/reverse`, { kind: 'refund', reason: 'refunded while held' });
  const today = new Date().toISOString().slice(0, 10);
  const adjustA = await money('PUT', 'adjustments', {
    agentId: a.agent.id,
    payout: '-5.5',
    date: '2024-02-10',
    note: 'internal: partial refund',
  });
  await money('PUT', 'adjustments', { agentId: b.agent.id, earning: '3', date: today, note: 'goodwill' });
  return {
    a,
    b,
    ids,
    refundId: refund.reversalId!,
    chargebackId: chargeback.reversalId!,
    adjustId: adjustA.id!,
  };
}

interface RawRow {
  agent_id: number;
  site_id: number;
  event_type: number;
  status: number;
  reversal_kind: number | null;
  day: string;
}
/** The office's raw rows, filtered in JS: an independent answer to every filter combination. */
async function rawRows(officeId: number) {
  return queryRows<RawRow>(
    env.ctx.db,
    sql`select agent_id, site_id, event_type, status, reversal_kind,
               (date at time zone 'America/New_York')::date::text as day
        from sales where office_id = ${officeId}`,
  );
}
function expected(
  rows: RawRow[],
  f: {
    agentId?: number;
    siteId?: number;
    recordType?: number;
    status?: string;
    start?: string;
    end?: string;
  },
) {
  return rows.filter(
    (r) =>
      (f.agentId === undefined || r.agent_id === f.agentId) &&
      (f.siteId === undefined || r.site_id === f.siteId) &&
      (f.recordType === undefined || r.event_type === f.recordType) &&
      (f.status === undefined || saleStatusName(r.status, r.reversal_kind) === f.status) &&
      (!f.start || (r.day >= f.start && r.day <= f.end!)),
  ).length;
}

describe('sale logs with the money lifecycle', () => {
  it('shows each row with its status; reversals name their sale; adjustments have no site and no link', async () => {
    const { a, ids, refundId, chargebackId, adjustId } = await lifecycleOffice();
    const res = await search(superToken, { companyId: a.office.id, pageSize: 50 });
    const byId = new Map(res.body.items.items.map((r) => [r.id, r]));
    expect(res.body.items.total).toBe(12);
    expect(byId.get(ids.approved)).toMatchObject({ status: 'approved', eventType: 0, note: null });
    expect(byId.get(ids.held)).toMatchObject({ status: 'held' });
    expect(byId.get(ids.rejected)).toMatchObject({ status: 'rejected', note: 'stolen card' });
    expect(byId.get(ids.refunded)).toMatchObject({ status: 'reversed', eventType: 0 });
    expect(byId.get(ids.heldReversed)).toMatchObject({ status: 'rejected', note: 'refunded while held' });
    expect(byId.get(refundId)).toMatchObject({
      eventType: 3,
      status: 'approved',
      payout: '-100.00',
      earning: '-10.00',
      reversesId: ids.refunded,
      note: 'refunded',
    });
    expect(byId.get(chargebackId)).toMatchObject({ eventType: 4, reversesId: ids.chargedBack });
    expect(byId.get(adjustId)).toMatchObject({
      eventType: 5,
      sitename: '',
      typename: '',
      payout: '-5.50',
      earning: '0.00',
      status: 'approved',
      note: 'internal: partial refund',
      agent: a.agentUsername,
    });
  });

  it('never shows a note to offices and agents, and keeps their tenant: another office answers 404', async () => {
    const { a } = await lifecycleOffice();
    const theirs = await lifecycleOffice();
    const office = await tokenFor(env.ctx, a.office.accountId);
    const agent = await tokenFor(env.ctx, a.agentAccountId);
    for (const token of [office, agent]) {
      const res = await search(token, { status: 'rejected' });
      expect(res.status).toBe(200);
      const all = await search(token, { pageSize: 50 });
      expect(all.body.items.items.length).toBeGreaterThan(0);
      expect(all.body.items.items.every((r) => r.note === null)).toBe(true);
      expect((await search(token, { agentId: theirs.a.agent.id, status: 'held' })).status).toBe(404);
    }
    const officeSees = await search(office, { status: 'rejected' });
    expect(officeSees.body.items.items.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect((await search(office, { companyId: theirs.a.office.id, recordType: 5 })).status).toBe(404);
    // The agent sees its own adjustment, not its colleague's.
    const agentAdjust = await search(agent, { recordType: 5 });
    expect(agentAdjust.body.items.items.map((r) => r.agent)).toEqual([a.agentUsername]);
    const admin = await tokenFor(env.ctx, (await buildAdmin(env.ctx)).accountId);
    const adminSees = await search(admin, { companyId: a.office.id, status: 'rejected' });
    expect(adminSees.body.items.items.map((r) => r.note).sort()).toEqual([
      'refunded while held',
      'stolen card',
    ]);
  });

  it('answers totals equal to the raw rows for every status, record type, agent, site and period', async () => {
    const { a, b } = await lifecycleOffice();
    // Another office's rows on the same days stay out of every total.
    await lifecycleOffice();
    const rows = await rawRows(a.office.id);
    expect(rows).toHaveLength(12);
    const today = new Date().toISOString().slice(0, 10);
    const scopes = [
      {},
      { agentId: b.agent.id },
      { siteId: a.site.id },
      { start: '2024-02-01', end: '2024-02-29' },
      { agentId: a.agent.id, start: '2024-02-04', end: '2024-02-08' },
      { siteId: a.site.id, start: '2024-01-01', end: today },
    ];
    const failures: string[] = [];
    let checked = 0;
    for (const scope of scopes)
      for (const status of [undefined, 'approved', 'held', 'rejected', 'reversed'])
        for (const recordType of [undefined, 0, 1, 3, 4, 5]) {
          const f = { ...scope, status, recordType };
          const res = await search(superToken, { companyId: a.office.id, ...f });
          const want = expected(rows, f);
          checked += want;
          if (
            res.status !== 200 ||
            res.body.items.total !== want ||
            res.body.items.items.length !== Math.min(want, 50)
          )
            failures.push(`${JSON.stringify(f)}: ${res.status} ${res.body.items?.total} want ${want}`);
        }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(100);
    // A site filter leaves the adjustments out: they belong to no site.
    expect(expected(rows, { siteId: a.site.id, recordType: 5 })).toBe(0);
  });

  it('writes the Status column, and the Note for admins only, in the CSV', async () => {
    const { a, ids } = await lifecycleOffice();
    const rowsOf = (csv: string) => parse(csv.replace(/^\uFEFF/, '')) as string[][];
    const body = { companyId: a.office.id, start: '2024-02-01', end: '2024-02-29' };
    const asSuper = rowsOf(
      (await call<string>(env.app, 'POST', 'sale-logs/export', { token: superToken, body })).body,
    );
    const header = asSuper[0];
    const col = (name: string) => header.indexOf(name);
    expect(header.slice(-4)).toEqual(['Record type', 'Status', 'Note', 'Referer']);
    const statuses = asSuper.slice(1).map((r) => r[col('Status')]);
    expect(new Set(statuses)).toEqual(new Set(['Approved', 'Held', 'Rejected', 'Reversed']));
    expect(asSuper.slice(1).map((r) => r[col('Note')])).toContain('stolen card');
    const adjustment = asSuper.find((r) => r[col('Record type')] === 'Adjustment')!;
    expect(adjustment[col('Site')]).toBe('');
    expect(adjustment[col('Payout (₱)')]).toBe('-5.5');
    expect(ids.rejected).toBeGreaterThan(0);
    const office = await tokenFor(env.ctx, a.office.accountId);
    const asOffice = rowsOf(
      (await call<string>(env.app, 'POST', 'sale-logs/export', { token: office, body })).body,
    );
    expect(asOffice[0].slice(-2)).toEqual(['Record type', 'Status']);
    expect(asOffice.flat()).not.toContain('stolen card');
  });
});
