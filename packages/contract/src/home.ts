// Each role's Home (issue 37): its own money at a glance, above what spec 1 puts on Home (notes, news, the
// top-10 tables, which stay). GET /api/home answers one role's figures in one request; every figure is the
// statistics' figure for the same Eastern days (stats_daily), so a number links to the report behind it.
import { z } from 'zod';
import { avpPeriodHeading, type TAvpRange } from './avp';
import { formatPeso } from './format';
import { POSTBACK_REASONS } from './postback';
import { ZPayoutSummary } from './payouts';

/** A range's money: sales and bonuses (counts), payout in pesos (sales and bonuses, net of reversals and
 * adjustments), what is held (pending) and its pesos, unique clicks; dollars earned where the viewer sees
 * earnings (else null). */
export const ZHomeTotals = z.object({
  start: z.string(),
  end: z.string(),
  sales: z.number().int(),
  bonuses: z.number().int(),
  payout: z.string(),
  held: z.number().int(),
  heldPayout: z.string(),
  uniques: z.number().int(),
  earning: z.string().nullable(),
});
export type THomeTotals = z.infer<typeof ZHomeTotals>;

/** One AVP site's sales this week and what the next volume of the schedule needs and brings. */
export const ZAvpProgress = z.object({
  siteId: z.number().int(),
  site: z.string(),
  /** This site's AVP sales this week. */
  sales: z.number().int(),
});
export const ZAvpNext = z.object({
  /** Every AVP site's sales this week: the count the schedule reads. */
  weekSales: z.number().int(),
  /** The next volume up, or null at the top of the schedule. */
  next: z
    .object({
      index: z.number().int(),
      from: z.number().int(),
      to: z.number().int(),
      /** Sales still needed this week. */
      more: z.number().int(),
      /** The week's AVP pay once reached: `from` sales at its rate, pesos. */
      payout: z.string(),
    })
    .nullable(),
});

export const ZLastStatement = z.object({
  start: z.string(),
  end: z.string(),
  payable: z.string(),
  /** When its period was paid, or its payout line paid (YYYY-MM-DD); null while unpaid. */
  paidOn: z.string().nullable(),
  summary: ZPayoutSummary.nullable(),
});

export const ZAgentHome = z.object({
  kind: z.literal('agent'),
  today: ZHomeTotals,
  week: ZHomeTotals,
  period: ZHomeTotals,
  lastStatement: ZLastStatement.nullable(),
  avp: z.object({ sites: z.array(ZAvpProgress), progress: ZAvpNext }),
});

export const ZHomeAgentRow = z.object({
  agentId: z.number().int(),
  username: z.string(),
  agentName: z.string(),
  sales: z.number().int(),
  /** The last Eastern day with a sale, or null when it never sold. */
  lastSale: z.string().nullable(),
});

export const ZOfficeHome = z.object({
  kind: z.literal('office'),
  today: ZHomeTotals,
  week: ZHomeTotals,
  period: ZHomeTotals,
  /** Its agents' sales held for review now. */
  heldForReview: z.number().int(),
  /** Active agents without a sale in the last 7 days: how many, and the first of them. */
  idleAgents: z.number().int(),
  idle: z.array(ZHomeAgentRow),
  /** Its top 5 agents this week by sales. */
  top5: z.array(ZHomeAgentRow),
});

export const ZAdminHome = z.object({
  kind: z.literal('admin'),
  today: ZHomeTotals,
  /** The same weekday a week ago, for comparison. */
  lastWeek: ZHomeTotals,
  heldForReview: z.number().int(),
  /** Postbacks refused in the last 24 hours, by reason (only reasons that happened). */
  refusedPostbacks: z.array(z.object({ reason: z.enum(POSTBACK_REASONS), count: z.number().int() })),
  /** The click writer of the node answering: ok, or why not. */
  clickWriter: z.object({ ok: z.boolean(), waiting: z.number().int(), reason: z.string().nullable() }),
  /** Webhooks failing now (a failure in a row or disabled after failures), of every owner. */
  failingWebhooks: z.number().int(),
  /** Payout lines not yet paid (pending, held or failed), and their pesos; null without the earnings permission. */
  pendingPayouts: z.object({ lines: z.number().int(), amount: z.string() }).nullable(),
});

export const ZHome = z.discriminatedUnion('kind', [ZAgentHome, ZOfficeHome, ZAdminHome]);
export type THome = z.infer<typeof ZHome>;
export type TAgentHome = z.infer<typeof ZAgentHome>;
export type TOfficeHome = z.infer<typeof ZOfficeHome>;
export type TAdminHome = z.infer<typeof ZAdminHome>;

/** Days without a sale that make an agent idle on the office's Home. */
export const IDLE_DAYS = 7;
export const IDLE_SHOWN = 10;

export const HOME_TEXTS = {
  today: 'Today',
  week: 'This week',
  period: 'This pay period',
  sales: 'Sales',
  bonuses: 'Bonuses',
  payout: 'Payout',
  pending: 'Pending',
  earning: 'Earning',
  lastStatement: 'Last statement',
  notPaid: 'Not paid yet',
  avp: 'AVP this week',
  avpTop: 'Top of the AVP schedule this week',
  heldForReview: 'Held for review',
  idleAgents: `Agents with no sale in ${IDLE_DAYS} days`,
  top5: 'Top 5 agents this week',
  lastWeek: 'Same day last week',
  refused: 'Postbacks refused in the last 24 hours',
  clickWriter: 'Click writer',
  failingWebhooks: 'Failing webhooks',
  pendingPayouts: 'Payouts to make',
} as const;

/**
 * `12 more sales on CamStars this week reach 20-49 sales: ₱1,500`. The volume counts the week's sales on
 * every AVP site together, so one sentence names them all: `on CamStars or Lovely Dates`.
 */
export function avpNextText(
  sites: readonly string[],
  next: { index: number; from: number; to: number; more: number; payout: string },
) {
  const range: TAvpRange = { index: next.index, from: next.from, to: next.to };
  const sales = next.more === 1 ? 'sale' : 'sales';
  const on = sites.length ? ` on ${orList(sites)}` : '';
  return `${next.more} more ${sales}${on} this week reach ${avpPeriodHeading(range)}: ${formatPeso(next.payout)}`;
}

/** `A`, `A or B`, `A, B or C`. */
const orList = (names: readonly string[]) =>
  names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
