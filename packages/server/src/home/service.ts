// Each role's Home (issue 37), in one request: an agent its own money today, this week (the AVP week) and
// this pay period, its last statement and its AVP progress; an office the same totals for its agents, what
// waits for review, its idle agents and its top 5 this week; admins today against the same weekday last week,
// what needs them (review, refused postbacks, failing webhooks, payouts to make) and the click writer.
import {
  addDays,
  easternDay,
  hasRole,
  IDLE_DAYS,
  IDLE_SHOWN,
  Permission,
  payPeriodOf,
  Role,
  weekOf,
  type TAdminHome,
  type TAgentHome,
  type THome,
  type THomeTotals,
  type TOfficeHome,
  type TPayoutMethod,
  type TPeriod,
} from '@salesdesk/contract';
import type { AppContext } from '../context';
import { hasPermission, type Principal } from '../http/auth';
import { notFound } from '../http/errors';
import { col, scoped } from '../http/tenant';
import { checkClickWriter } from '../health/service';
import { payState } from '../pay-periods/close';
import { runningTracking } from '../tracking/runtime';
import * as q from './sql';

function toTotals(r: TPeriod, t: q.TotalsRecord, earnings: boolean): THomeTotals {
  return {
    start: r.start,
    end: r.end,
    sales: t.sales,
    bonuses: t.bonuses,
    payout: t.payout,
    held: t.held,
    heldPayout: t.held_payout,
    uniques: t.uniques,
    earning: earnings ? t.earning : null,
  };
}

/** Today, this week and the current pay period of `now`, Eastern. */
async function ranges(ctx: AppContext, now: Date) {
  const today = easternDay(now);
  const state = await payState(ctx.db);
  return {
    today: { start: today, end: today },
    week: weekOf(today),
    period: payPeriodOf(state.cycle, today, state.closedThrough),
  };
}

const stats = (p: Principal) => scoped(p, { office: col('d.office_id'), agent: col('d.agent_id') });

async function moneyOf(ctx: AppContext, p: Principal, now: Date) {
  const r = await ranges(ctx, now);
  const [today, week, period] = await q.totals(ctx.db, stats(p), [r.today, r.week, r.period]);
  const earnings = hasPermission(p, Permission.EarningVisible);
  return {
    today: toTotals(r.today, today, earnings),
    week: toTotals(r.week, week, earnings),
    period: toTotals(r.period, period, earnings),
    r,
  };
}

async function agentHome(ctx: AppContext, p: Principal, now: Date): Promise<TAgentHome> {
  const agentId = p.agentId;
  if (!agentId) throw notFound('Agent not found');
  const { today, week, period, r } = await moneyOf(ctx, p, now);
  const [sites, weekSales, last] = await Promise.all([
    q.avpSites(ctx.db, agentId, r.week),
    q.avpWeekSales(ctx.db, agentId, r.week),
    q.lastStatement(ctx.db, agentId),
  ]);
  const next = await q.nextAvpVolume(ctx.db, weekSales);
  return {
    kind: 'agent',
    today,
    week,
    period,
    lastStatement: last
      ? {
          start: last.start,
          end: last.end,
          payable: last.payable,
          paidOn: last.paid_on,
          summary: last.method ? { method: last.method as TPayoutMethod, last4: last.last4 ?? '' } : null,
        }
      : null,
    avp: {
      sites: sites.map((s) => ({ siteId: s.site_id, site: s.site, sales: s.sales })),
      progress: {
        weekSales,
        next: next ? { ...next, more: next.from - weekSales } : null,
      },
    },
  };
}

const agentRow = (a: q.AgentRecord) => ({
  agentId: a.agent_id,
  username: a.username,
  agentName: a.agent_name,
  sales: a.sales,
  lastSale: a.last_sale,
});

async function officeHome(ctx: AppContext, p: Principal, now: Date): Promise<TOfficeHome> {
  const officeId = p.companyId;
  if (!officeId) throw notFound('Office not found');
  const { today, week, period, r } = await moneyOf(ctx, p, now);
  const since = addDays(r.today.start, -(IDLE_DAYS - 1));
  const [held, idle, top] = await Promise.all([
    q.heldForReview(ctx.db, scoped(p, { office: col('s.office_id'), agent: col('s.agent_id') })),
    q.idleAgents(ctx.db, officeId, since, IDLE_SHOWN),
    q.topAgents(ctx.db, officeId, r.week, 5),
  ]);
  return {
    kind: 'office',
    today,
    week,
    period,
    heldForReview: held,
    idleAgents: idle.count,
    idle: idle.rows.map(agentRow),
    top5: top.map(agentRow),
  };
}

async function adminHome(ctx: AppContext, p: Principal, now: Date): Promise<TAdminHome> {
  const day = easternDay(now);
  const r = { today: { start: day, end: day }, lastWeek: { start: addDays(day, -7), end: addDays(day, -7) } };
  const earnings = hasPermission(p, Permission.EarningVisible);
  const [[today, lastWeek], held, refused, failing, payouts] = await Promise.all([
    q.totals(ctx.db, stats(p), [r.today, r.lastWeek]),
    q.heldForReview(ctx.db, scoped(p, { office: col('s.office_id'), agent: col('s.agent_id') })),
    q.refusedPostbacks(ctx.db, new Date(now.getTime() - 24 * 3_600_000)),
    q.failingWebhooks(ctx.db),
    earnings ? q.pendingPayouts(ctx.db) : Promise.resolve(null),
  ]);
  const writer = runningTracking(ctx)?.writer;
  const health = checkClickWriter(writer, now.getTime());
  return {
    kind: 'admin',
    today: toTotals(r.today, today, earnings),
    lastWeek: toTotals(r.lastWeek, lastWeek, earnings),
    heldForReview: held,
    refusedPostbacks: refused,
    clickWriter: {
      ok: health.status === 'ok',
      waiting: writer?.size ?? 0,
      reason: health.status === 'ok' ? null : health.reason,
    },
    failingWebhooks: failing,
    pendingPayouts: payouts ? { lines: payouts.lines, amount: payouts.amount } : null,
  };
}

export function getHome(ctx: AppContext, p: Principal, now = new Date()): Promise<THome> {
  if (hasRole(p.role, Role.Admin)) return adminHome(ctx, p, now);
  if (p.role === Role.Company) return officeHome(ctx, p, now);
  return agentHome(ctx, p, now);
}
