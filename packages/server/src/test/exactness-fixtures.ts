// The data of the exactness test: a seeded random history of clicks and sales recorded through the
// real click path and postback service, then reversals, holds, approvals, rejections and adjustments
// through the ledger, and the raw rows read back for the independent model.
import { eq } from 'drizzle-orm';
import { addDays, easternDayStart } from '@salesdesk/contract';
import type { AppContext } from '../context';
import { publishChange } from '../common/changes';
import { queryRows, sql } from '../db/client';
import { linkTypes, officeFees } from '../db/schema';
import { reverseSale } from '../ledger/reverse';
import { cents, dayOf, type ModelData } from './exactness-model';
import { buildAdmin } from './factories';
import { applyLifecycle, holdSales, prng } from './money-fixtures';
import { AVP_SCHEDULE, buildReportOffice, buildReportSite, record, type ClickSpec } from './report-fixtures';

const SEED = 20260308;
// Two windows of two Sunday-to-Saturday weeks, each holding a DST switch (2026-03-08, 2026-11-01).
const WINDOWS = [
  { from: '2026-03-01', to: '2026-03-14' },
  { from: '2026-10-25', to: '2026-11-07' },
];
// Instants the random ones might miss: around the switches and Eastern midnight.
const EDGES = [
  '2026-03-08T01:59:00-05:00',
  '2026-03-08T03:00:00-04:00',
  '2026-03-07T23:59:30-05:00',
  '2026-03-08T00:00:00-05:00',
  '2026-11-01T01:30:00-04:00',
  '2026-11-01T01:30:00-05:00',
  '2026-10-31T23:59:59-04:00',
  '2026-11-01T00:00:00-04:00',
  '2026-11-07T23:59:00-05:00',
  '2026-03-14T23:59:00-04:00',
];

export async function generate(ctx: AppContext) {
  const rnd = prng(SEED);
  const plain = await buildReportSite(ctx);
  const approve = await buildReportSite(ctx, { avp: true, approve: true });
  const avp = await buildReportSite(ctx, { avp: true });
  const sites = [plain, approve, avp];
  const siteIds = sites.map((s) => s.site.id);
  const offices = [
    await buildReportOffice(ctx, siteIds, 2),
    await buildReportOffice(ctx, siteIds, 2),
    await buildReportOffice(ctx, [avp.site.id, plain.site.id], 1),
  ];
  // Custom rates: the second office's enabled ones apply, the third office's disabled one does not.
  await ctx.db.insert(officeFees).values([
    {
      typeId: plain.first.id,
      officeId: offices[1].office.id,
      enable: true,
      payout: '77.77',
      earning: '7.07',
      lpp: 3,
      bonusPayout: '33.33',
      bonusEarning: '3.03',
      bonusLpp: 2,
    },
    {
      typeId: avp.second.id,
      officeId: offices[1].office.id,
      enable: true,
      payout: '12.34',
      earning: '1.11',
      lpp: 5,
    },
    {
      typeId: avp.first.id,
      officeId: offices[2].office.id,
      enable: false,
      payout: '999.99',
      earning: '99.99',
      lpp: 9,
    },
  ]);
  const agents = offices.flatMap((o) =>
    o.agents.map((g) => ({ id: g.agent.id, sites: o === offices[2] ? [avp, plain] : sites })),
  );
  const specs: ClickSpec[] = [];
  const instant = () => {
    if (rnd.next() < 0.1) return rnd.pick(EDGES);
    const w = rnd.pick(WINDOWS);
    const from = easternDayStart(w.from).getTime();
    const to = easternDayStart(addDays(w.to, 1)).getTime();
    return new Date(from + rnd.int((to - from) / 60_000) * 60_000).toISOString();
  };
  for (let i = 0; i < 420; i++) {
    const agent = rnd.pick(agents);
    const site = rnd.pick(agent.sites);
    const type = rnd.next() < 0.6 ? site.first : site.second;
    const time = instant();
    const roll = rnd.next();
    const event = roll < 0.3 ? 'sale' : roll < 0.42 && type === site.first ? 'bonus' : undefined;
    const saleTime = new Date(Date.parse(time) + rnd.int(36 * 60) * 60_000).toISOString();
    specs.push({
      siteId: site.site.id,
      typeId: type.id,
      agentId: agent.id,
      ip: `10.7.0.${rnd.int(6)}`,
      time,
      event,
      saleTime,
      // Every reason in turn on one click in six, by index so the random draws stay those of before.
      invalidReason: i % 6 === 5 ? 1 + (i % 7) : undefined,
    });
  }
  // Sales reversed in the next Sunday week, across a DST switch, by agents every role's reports see
  // (the first office's first agent, and the second office's on the AVP site the admins filter by).
  const a0 = offices[0].agents[0].agent.id;
  const b0 = offices[1].agents[0].agent.id;
  const late = [
    { site: plain, agentId: a0, sale: '2026-03-07T23:30:00-05:00', at: '2026-03-08T03:30:00-04:00' },
    { site: approve, agentId: a0, sale: '2026-03-07T22:00:00-05:00', at: '2026-03-08T01:59:00-05:00' },
    { site: avp, agentId: a0, sale: '2026-10-31T22:00:00-04:00', at: '2026-11-01T01:30:00-05:00' },
    { site: avp, agentId: b0, sale: '2026-10-31T23:59:00-04:00', at: '2026-11-01T01:30:00-04:00' },
  ];
  // Invalid clicks of every reason by the agent every role's reports see, in the week they all read.
  for (let code = 1; code <= 7; code++)
    specs.push({
      siteId: plain.site.id,
      typeId: plain.first.id,
      agentId: a0,
      ip: `10.7.2.${code}`,
      time: `2026-03-1${code % 3}T12:00:00-04:00`,
      invalidReason: code,
    });
  const firstLate = specs.length;
  for (const l of late)
    specs.push({
      siteId: l.site.site.id,
      typeId: l.site.first.id,
      agentId: l.agentId,
      ip: '10.7.1.1',
      time: l.sale,
      event: 'sale',
    });
  const clickIds = await record(ctx, specs);
  const admin = await buildAdmin(ctx);
  for (const [i, l] of late.entries()) {
    const sale = await queryRows<{ id: string }>(
      ctx.db,
      sql`select id::text from sales where click_id = ${clickIds[firstLate + i]}`,
    );
    const out = await reverseSale(
      ctx.db,
      { id: Number(sale[0].id) },
      { kind: i % 2 ? 'chargeback' : 'refund', reason: 'internal', by: admin.accountId, at: new Date(l.at) },
    );
    if (out.kind !== 'reversed') throw new Error(`late reversal: ${out.kind}`);
  }
  // One more held sale of that agent in the week every role's reports read, whatever the draw held.
  const [stillHeld] = await queryRows<{ id: string }>(
    ctx.db,
    sql`select id::text from sales
        where agent_id = ${a0} and event_type = 0 and status = 0 and reversal_kind is null
          and date >= ${easternDayStart('2026-03-09').toISOString()}::timestamptz
          and date < ${easternDayStart('2026-03-15').toISOString()}::timestamptz
        order by id limit 1`,
  );
  await holdSales(ctx.db, stillHeld ? [Number(stillHeld.id)] : []);
  const lifecycle = await applyLifecycle(ctx, rnd, {
    siteIds,
    agentIds: [a0, a0, ...agents.map((g) => g.id)],
    days: ['2026-03-01', '2026-03-08', '2026-03-09', '2026-03-14', '2026-10-31', '2026-11-01', '2026-11-07'],
    by: admin.accountId,
    share: 0.1,
    adjustments: 14,
  });
  // A deleted link type leaves the per-type columns; its clicks and sales stay in every total.
  await ctx.db.update(linkTypes).set({ deletedAt: new Date() }).where(eq(linkTypes.id, avp.second.id));
  await publishChange(ctx, 'tracking');
  return { plain, approve, avp, offices, siteIds, lifecycle };
}

/**
 * Every click and money row in the database, not only this test's: an admin's report without filters sums
 * every office, and other test files of the same worker share the database.
 */
export async function rawData(ctx: AppContext): Promise<ModelData> {
  const clicks = await queryRows<{
    click_time: Date | string;
    site_id: number;
    type_id: number;
    agent_id: number;
    office_id: number;
    is_unique: boolean;
    invalid_reason: number;
  }>(
    ctx.db,
    sql`select click_time, site_id, type_id, agent_id, office_id, is_unique, invalid_reason from clicks`,
  );
  const sales = await queryRows<{
    id: string | number;
    date: Date | string;
    event_type: number;
    status: number;
    reversal_kind: number | null;
    site_id: number;
    type_id: number;
    agent_id: number;
    office_id: number;
    payout: string;
    earning: string;
    lpp: number;
  }>(
    ctx.db,
    sql`select id, date, event_type, status, reversal_kind, site_id, type_id, agent_id, office_id,
               payout::text as payout, earning::text as earning, lpp
        from sales`,
  );
  const avpSites = await queryRows<{ id: number }>(ctx.db, sql`select id from sites where avp`);
  return {
    clicks: clicks.map((c) => ({
      day: dayOf(new Date(c.click_time)),
      siteId: c.site_id,
      typeId: c.type_id,
      agentId: c.agent_id,
      officeId: c.office_id,
      unique: c.is_unique,
      invalidReason: c.invalid_reason,
    })),
    sales: sales.map((s) => ({
      id: Number(s.id),
      day: dayOf(new Date(s.date)),
      event: s.event_type,
      status: s.status,
      reversalKind: s.reversal_kind,
      siteId: s.site_id,
      typeId: s.type_id,
      agentId: s.agent_id,
      officeId: s.office_id,
      payout: cents(s.payout),
      earning: cents(s.earning),
      lpp: s.lpp,
    })),
    avpSites: new Set(avpSites.map((r) => r.id)),
    schedule: AVP_SCHEDULE,
  };
}
