// The demo's fraud review (issue 22): a few sales made to trip each rule (a sale seconds after its click,
// a customer e-mail used twice within a day, a click from an address the agent signed in from), then the
// rules' own conditions run over the whole history to flag them; one agent whose refunds and chargebacks
// pass the refund-rate rule, its latest sales flagged; and a few held for review, so the queue has work.
// Every rule stays flag only (the options' default). Set-based statements chosen by each sale's place in
// its site's or agent's history (not by id), so the service and bulk paths make the same marks; none of
// them changes a day's stats_daily figures (the clicks moved stay on their Eastern day).
import { sql } from 'drizzle-orm';
import {
  EventType,
  FRAUD_DEFAULTS,
  FraudRule,
  REFUND_RATE_WINDOW_DAYS,
  REPEAT_EMAIL_WINDOW_HOURS,
  SaleStatus,
  SELF_REFERRAL_WINDOW_DAYS,
} from '@salesdesk/contract';
import { queryOne, type Queryable } from '../db/client';
import { moveSales, reverseDue, SALE_COLUMNS } from '../ledger';

export interface FraudCounts {
  /** Sales and bonuses carrying a rule. */
  flagged: number;
  /** Of them, held for review. */
  held: number;
  /** The refunds and chargebacks that give one agent a high refund rate (0: no agent sells enough). */
  refundRateReversals: number;
}

// Every FAST-th, REPEAT-th and SELF-th sale of a site is made to trip its rule.
const FAST = 37;
const REPEAT = 41;
const SELF = 43;
const HELD_FAST = 2;
const HELD_REFUND_RATE = 3;

const EASTERN = sql.raw(`'America/New_York'`);

/** The approved, unreversed sales (event 0) of the sites, numbered in their site's order. */
const numberedSales = (siteIds: number[]) => sql`
  select ${SALE_COLUMNS}, row_number() over (partition by site_id order by date, customer_email, click_id, event_type) as n
  from sales
  where site_id = any(${sql.param(siteIds)}::int[]) and event_type = ${EventType.Sale}
    and status = ${SaleStatus.Approved} and reversal_kind is null`;

/** A chosen sale's click moves to 3..12 s before it, on the same Eastern day (its rollup row stays). */
async function makeFastSales(db: Queryable, siteIds: number[]) {
  await db.execute(sql`
    update clicks c set click_time = s.date - ((3 + s.n % 10) * interval '1 second')
    from (${numberedSales(siteIds)}) s
    where s.n % ${FAST} = 5 and c.id = s.click_id
      and (c.click_time at time zone ${EASTERN})::date = ((s.date - interval '12 seconds') at time zone ${EASTERN})::date
      and not exists (select 1 from sales o where o.click_id = c.id and o.id <> s.id and o.date < s.date)`);
}

/** A chosen sale takes the customer e-mail of its site's sale just before it, when within the window. */
async function makeRepeatEmails(db: Queryable, siteIds: number[]) {
  await db.execute(sql`
    update sales x set customer_email = p.customer_email
    from (${numberedSales(siteIds)}) s
    join lateral (
      select customer_email from sales e
      where e.site_id = s.site_id and e.event_type = ${EventType.Sale} and e.customer_email is not null
        and e.date < s.date and e.date > s.date - ${REPEAT_EMAIL_WINDOW_HOURS} * interval '1 hour'
      order by e.date desc limit 1
    ) p on true
    where s.n % ${REPEAT} = 7 and x.id = s.id`);
}

/** The agent of a chosen sale signed in from its click's address two days before the click. */
async function makeSelfReferrals(db: Queryable, siteIds: number[]) {
  await db.execute(sql`
    insert into login_logs (account_id, ip, in_time, out_time)
    select g.account_id, c.ip, c.click_time - interval '2 days', c.click_time - interval '47 hours'
    from (${numberedSales(siteIds)}) s
    join clicks c on c.id = s.click_id
    join agents g on g.id = s.agent_id
    where s.n % ${SELF} = 11`);
}

/**
 * The fast-sale, repeat-e-mail and self-referral conditions with the default numbers over every sale
 * of the sites (Day#2 sales of approve-sale sites are exempt from the fast-sale rule).
 */
async function flagByRules(db: Queryable, siteIds: number[]) {
  await db.execute(sql`
    with repeats as (
      -- Each sale with the count of its site's sales with its e-mail in the window up to it (itself too).
      select id, count(*) over (
               partition by site_id, customer_email order by date
               range between interval ${sql.raw(`'${REPEAT_EMAIL_WINDOW_HOURS} hours'`)} preceding and current row) as n
      from sales
      where site_id = any(${sql.param(siteIds)}::int[]) and event_type = ${EventType.Sale}
        and customer_email is not null
    ), self_referrals as (
      -- As a join on (agent's account, address): a check per sale took the login index by time and read
      -- every login of 30 days for each sale (hours at DEMO_SCALE=165).
      select distinct s.id
      from sales s
      join clicks c on c.id = s.click_id
      join agents g on g.id = s.agent_id
      join login_logs l on l.account_id = g.account_id and l.ip = c.ip
      where s.site_id = any(${sql.param(siteIds)}::int[]) and s.event_type in (0, 1)
        and l.in_time <= c.click_time
        and l.in_time > c.click_time - ${SELF_REFERRAL_WINDOW_DAYS} * interval '1 day'
    ), rules as (
      select s.id,
        (case when s.date - c.click_time < ${FRAUD_DEFAULTS.fastSaleSeconds} * interval '1 second'
                and (s.event_type = ${EventType.Sale} or not st.use_approve_sale)
              then ${FraudRule.FastSale} else 0 end)
        | (case when r.n > ${FRAUD_DEFAULTS.repeatEmailMax} then ${FraudRule.RepeatEmail} else 0 end)
        | (case when f.id is not null then ${FraudRule.SelfReferral} else 0 end) as bits
      from sales s
      join clicks c on c.id = s.click_id
      join sites st on st.id = s.site_id
      left join repeats r on r.id = s.id
      left join self_referrals f on f.id = s.id
      where s.site_id = any(${sql.param(siteIds)}::int[]) and s.event_type in (0, 1)
    )
    update sales s set fraud_flags = s.fraud_flags | r.bits
    from rules r where s.id = r.id and r.bits <> 0`);
}

/**
 * The agent with the fewest sales among those with at least the rule's minimum in the last window:
 * every third of them is refunded or charged back a day or two later (before now), so its rate is
 * about a third, past the default 25 %. Answers the agent and how many were reversed.
 */
async function makeRefundRateAgent(db: Queryable, agentIds: number[], now: Date) {
  const since = sql`${now.toISOString()}::timestamptz - ${REFUND_RATE_WINDOW_DAYS} * interval '1 day'`;
  const agent = await queryOne<{ agent_id: number }>(
    db,
    sql`select agent_id from sales
        where agent_id = any(${sql.param(agentIds)}::int[]) and event_type = ${EventType.Sale} and date >= ${since}
        group by agent_id having count(*) >= ${FRAUD_DEFAULTS.refundRateMinSales}
        order by count(*), agent_id limit 1`,
  );
  if (!agent) return { agentId: null, reversed: 0 };
  const due = (kind: number) => sql`
    select * from (
      select *, date + ((1 + n % 2) * interval '1 day') as at from (
        select ${SALE_COLUMNS}, row_number() over (order by date, click_id) as n from sales
        where agent_id = ${agent.agent_id} and event_type = ${EventType.Sale} and date >= ${since}
          and status = ${SaleStatus.Approved} and reversal_kind is null
      ) s where n % 3 = 1 and (n / 3) % 2 = ${kind === EventType.Refund ? 0 : 1}
    ) t where at < ${now.toISOString()}::timestamptz`;
  const reversed =
    (await reverseDue(db, due(EventType.Refund), EventType.Refund, 'Customer asked for a refund')) +
    (await reverseDue(db, due(EventType.Chargeback), EventType.Chargeback, 'Card issuer chargeback'));
  // Its sales of the last week trip the rule.
  await db.execute(sql`
    update sales set fraud_flags = fraud_flags | ${FraudRule.RefundRate}
    where agent_id = ${agent.agent_id} and event_type in (0, 1) and reversal_kind is null
      and date > ${now.toISOString()}::timestamptz - interval '7 days'`);
  return { agentId: agent.agent_id, reversed };
}

/** The newest `n` approved sales of `which` held for review: no hold time, a reviewer decides. */
const holdNewest = (db: Queryable, which: ReturnType<typeof sql>, n: number) =>
  moveSales(
    db,
    sql`select ${SALE_COLUMNS} from sales
        where ${which} and event_type = ${EventType.Sale} and status = ${SaleStatus.Approved}
          and reversal_kind is null
        order by date desc, click_id desc limit ${n} for update`,
    SaleStatus.Held,
    sql`, hold_until = null`,
  );

export async function addDemoFraud(
  db: Queryable,
  siteIds: number[],
  agentIds: number[],
  now: Date,
): Promise<FraudCounts> {
  if (!siteIds.length) return { flagged: 0, held: 0, refundRateReversals: 0 };
  // The history was just written: without fresh statistics the planner takes the tables for empty and
  // the rules' joins run for minutes instead of a fraction of a second.
  await db.execute(sql`analyze sales, clicks, login_logs`);
  await makeFastSales(db, siteIds);
  await makeRepeatEmails(db, siteIds);
  await makeSelfReferrals(db, siteIds);
  await flagByRules(db, siteIds);
  const refundRate = await makeRefundRateAgent(db, agentIds, now);
  const inSites = sql`site_id = any(${sql.param(siteIds)}::int[])`;
  let held = await holdNewest(db, sql`${inSites} and (fraud_flags & ${FraudRule.FastSale}) <> 0`, HELD_FAST);
  if (refundRate.agentId !== null)
    held += await holdNewest(
      db,
      sql`agent_id = ${refundRate.agentId} and (fraud_flags & ${FraudRule.RefundRate}) <> 0`,
      HELD_REFUND_RATE,
    );
  const flagged = await queryOne<{ n: number }>(
    db,
    sql`select count(*)::int as n from sales where ${inSites} and fraud_flags <> 0`,
  );
  return { flagged: flagged?.n ?? 0, held, refundRateReversals: refundRate.reversed };
}
