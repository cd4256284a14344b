// Test data of the report tests: the AVP schedule, the lpp option, and clicks and sales recorded
// through the real click path and postback service at chosen Eastern instants.
import { eq } from 'drizzle-orm';
import { Role } from '@salesdesk/contract';
import type { AppContext } from '../context';
import { publishChange } from '../common/changes';
import { OPTION_LPP_VISIBLE } from '../common/options';
import { agentSites, avpPeriods, linkTypes, officeSites, options } from '../db/schema';
import { recordSale } from '../postback/service';
import { buildAdmin, buildAgent, buildOffice, buildSite, tokenFor, uniqueName } from './factories';
import { flushClicks, recordClick } from '../tracking/service';

export const AVP_SCHEDULE = [
  { index: 0, from: 0, to: 1, payoutPhp: '0.00', payoutDollars: '0.00' },
  { index: 1, from: 2, to: 3, payoutPhp: '10.50', payoutDollars: '0.25' },
  { index: 2, from: 4, to: 1000, payoutPhp: '20.75', payoutDollars: '0.40' },
];

/** avp_periods is one global table: each test file that reads it sets the schedule it expects. */
export async function setAvpSchedule(ctx: AppContext, periods = AVP_SCHEDULE) {
  await ctx.db.delete(avpPeriods);
  await ctx.db.insert(avpPeriods).values(periods);
}

export async function setLppVisible(ctx: AppContext, on: boolean) {
  const value = on ? '1' : '0';
  await ctx.db
    .insert(options)
    .values({ name: OPTION_LPP_VISIBLE, value })
    .onConflictDoUpdate({ target: options.name, set: { value } });
}

/** A site with two link types (the first with bonus rates) enabled for `offices` and their agents. */
export async function buildReportSite(ctx: AppContext, opts: { avp?: boolean; approve?: boolean } = {}) {
  const { site, type } = await buildSite(ctx, {
    avp: opts.avp ?? false,
    useApproveSale: opts.approve ?? false,
  });
  await ctx.db
    .update(linkTypes)
    .set({ typename: 'B main', payout: '100.00', earning: '10.00', lpp: 2, bonus: true })
    .where(eq(linkTypes.id, type.id));
  await ctx.db
    .update(linkTypes)
    .set({ bonusPayout: '50.00', bonusEarning: '5.00', bonusLpp: 1 })
    .where(eq(linkTypes.id, type.id));
  const [second] = await ctx.db
    .insert(linkTypes)
    .values({
      siteId: site.id,
      typename: 'A second',
      typealias: 'second',
      username: 'u',
      url: `https://${site.shortname}.example/second`,
      payout: '30.00',
      earning: '3.00',
      lpp: 1,
    })
    .returning();
  return { site, first: { ...type, typename: 'B main' }, second };
}

/** An office and `agents` agents with the sites enabled. */
export async function buildReportOffice(ctx: AppContext, siteIds: number[], agents = 1) {
  const office = await buildOffice(ctx, { siteIds });
  const list = [];
  for (let i = 0; i < agents; i++) list.push(await buildAgent(ctx, { officeId: office.office.id, siteIds }));
  await publishChange(ctx, 'tracking');
  return { ...office, agents: list };
}

/** Gives an existing office and agent one more site (history of a site added later). */
export async function enableSite(ctx: AppContext, officeId: number, agentId: number, siteId: number) {
  await ctx.db.insert(officeSites).values({ officeId, siteId }).onConflictDoNothing();
  await ctx.db.insert(agentSites).values({ agentId, siteId }).onConflictDoNothing();
  await publishChange(ctx, 'tracking');
}

export interface ClickSpec {
  siteId: number;
  typeId: number;
  agentId: number;
  ip: string;
  time: string;
  /** A sale or bonus event of this click, at `saleTime` (default: the click's time). */
  event?: 'sale' | 'bonus';
  saleTime?: string;
  /** The click's invalid reason code (contract invalidReasonCode); a valid click when left out. */
  invalidReason?: number;
}

/** Records the clicks (flushed) and then their sales, in order. */
export async function record(ctx: AppContext, clicks: ClickSpec[]) {
  const ids: number[] = [];
  for (const c of clicks) {
    const click = await recordClick(ctx, {
      siteId: c.siteId,
      typeId: c.typeId,
      agentId: c.agentId,
      ip: c.ip,
      time: new Date(c.time),
      invalidReason: c.invalidReason,
    });
    if (!click) throw new Error(`click refused: ${JSON.stringify(c)}`);
    ids.push(click.clickId);
  }
  await flushClicks(ctx);
  for (const [i, c] of clicks.entries()) {
    if (!c.event) continue;
    await recordSale(ctx, {
      siteId: c.siteId,
      clickId: ids[i],
      event: c.event,
      txId: uniqueName('tx'),
      date: new Date(c.saleTime ?? c.time),
    });
  }
  return ids;
}

export async function adminTokens(ctx: AppContext) {
  const superadmin = await buildAdmin(ctx, { role: Role.Superadmin });
  const admin = await buildAdmin(ctx);
  return {
    superToken: await tokenFor(ctx, superadmin.accountId),
    adminToken: await tokenFor(ctx, admin.accountId),
  };
}
