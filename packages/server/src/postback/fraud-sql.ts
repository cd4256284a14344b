// The fraud rules (issue 22) as one SQL expression of the sale statement: the FraudRule bits a new sale
// trips, from the click (alias c: its time, address and agent; c.at is the sale's time) and one indexed
// lookup per rule. A rule that is off has a null (or false) parameter and never runs its lookup.
import { sql, type SQL } from 'drizzle-orm';
import {
  FraudRule,
  REFUND_RATE_WINDOW_DAYS,
  REPEAT_EMAIL_WINDOW_HOURS,
  SELF_REFERRAL_WINDOW_DAYS,
  type TFraudSettings,
} from '@salesdesk/contract';
import { param, type PreparedValue } from '../db/prepared';
import { easternDaySql } from '../rollups/increments';

// The statement's parameters after the sale's own seven.
const FAST_SECONDS = param(8, 'int');
const REPEAT_MAX = param(9, 'int');
const SELF_REFERRAL = param(10, 'boolean');
const REFUND_PERCENT = param(11, 'int');
const REFUND_MIN_SALES = param(12, 'int');
/** The bits of the rules set to hold: a sale tripping one arrives held for review. */
export const HOLD_MASK = param(13, 'int');

// CASE tests in order (AND may not), so a rule that is off never runs its lookup.
const bit = (rule: FraudRule, off: SQL, tripped: SQL) =>
  sql`case when ${off} then 0 when ${tripped} then ${sql.raw(String(rule))} else 0 end`;
const raw = (n: number) => sql.raw(String(n));

/**
 * The bits the sale tripped. `bonus`: the bonus statement, whose event on a site using approve-sale is
 * the Day#2 paid sale, made a day after the click on purpose: exempt from the fast-sale rule.
 */
export function fraudFlagsSql(bonus: boolean): SQL {
  const fast = sql`c.at < c.click_time + make_interval(secs => ${FAST_SECONDS})`;
  // sales_email_idx; the earlier rows of the same event on the site in the window, at most the limit.
  const repeat = sql`(
    select count(*) from (
      select 1 from sales s
      where s.customer_email = ${param(5, 'varchar')} and s.site_id = ${param(2, 'int')}
        and s.event_type = ${param(4, 'smallint')}
        and s.date > c.at - interval '${raw(REPEAT_EMAIL_WINDOW_HOURS)} hours' and s.date <= c.at
      limit ${REPEAT_MAX}) earlier) >= ${REPEAT_MAX}`;
  // login_logs_account_ip_idx.
  const self = sql`exists (
    select 1 from agents g join login_logs l on l.account_id = g.account_id and l.ip = c.ip
    where g.id = c.agent_id
      and l.in_time > c.at - interval '${raw(SELF_REFERRAL_WINDOW_DAYS)} days' and l.in_time <= c.at)`;
  // The agent's approved sales and bonuses, and reversals, of the last 30 days. Written as (agent, day)
  // bounds so only stats_daily_agent_idx can serve it: with the days alone, the generic plan walked the
  // primary key's days, every agent's rows of the month.
  const today = easternDaySql(sql`c.at`);
  const refunds = sql`(
    select sum(d.sales + d.bonus_sales) >= ${REFUND_MIN_SALES}
       and sum(d.reversals) * 100 > ${REFUND_PERCENT} * sum(d.sales + d.bonus_sales)
    from stats_daily d
    where (d.agent_id, d.day) > (c.agent_id, ${today} - ${raw(REFUND_RATE_WINDOW_DAYS)})
      and (d.agent_id, d.day) <= (c.agent_id, ${today}))`;
  const fastOff = sql`${FAST_SECONDS} is null ${bonus ? sql`or c.approve_sale` : sql``}`;
  return sql`(${bit(FraudRule.FastSale, fastOff, fast)}
    + ${bit(FraudRule.RepeatEmail, sql`${REPEAT_MAX} is null or ${param(5, 'varchar')} is null`, repeat)}
    + ${bit(FraudRule.SelfReferral, sql`not coalesce(${SELF_REFERRAL}, false)`, self)}
    + ${bit(FraudRule.RefundRate, sql`${REFUND_PERCENT} is null`, refunds)})`;
}

/** The rules' parameters ($8 to $13) from the settings: null turns a rule off. */
export function fraudParams(s: TFraudSettings): PreparedValue[] {
  const on = (mode: string) => mode !== 'off';
  const hold =
    (s.fastSale.mode === 'hold' ? FraudRule.FastSale : 0) |
    (s.repeatEmail.mode === 'hold' ? FraudRule.RepeatEmail : 0) |
    (s.selfReferral.mode === 'hold' ? FraudRule.SelfReferral : 0) |
    (s.refundRate.mode === 'hold' ? FraudRule.RefundRate : 0);
  return [
    on(s.fastSale.mode) ? s.fastSale.seconds : null,
    on(s.repeatEmail.mode) ? s.repeatEmail.max : null,
    on(s.selfReferral.mode),
    on(s.refundRate.mode) ? s.refundRate.percent : null,
    s.refundRate.minSales,
    hold,
  ];
}
