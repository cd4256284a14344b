// The fraud rules (issue 22) as SQL of the sale statement: the FraudRule bits a new sale trips, from the
// click (alias c: its time, address and agent; c.at is the sale's time) and one indexed lookup per rule.
// The statement holds only the rules that are on: one prepared variant per set of rules in force. With
// every rule in one text and the off ones skipped by a parameter, PostgreSQL planned the statement afresh
// at each call once rules were off (the plan for the nulls looked cheaper than the generic one). Whether
// any rule holds is part of the variant too: when none does, the sale's status cannot depend on its
// flags, so the statement reads them once and need not keep them (bench/RESULTS.md, issue 22).
import { sql, type SQL } from 'drizzle-orm';
import {
  FRAUD_RULE_BITS,
  FRAUD_RULE_KEYS,
  FraudRule,
  REFUND_RATE_WINDOW_DAYS,
  REPEAT_EMAIL_WINDOW_HOURS,
  SELF_REFERRAL_WINDOW_DAYS,
  type TFraudSettings,
} from '@salesdesk/contract';
import { param, type PreparedValue } from '../db/prepared';
import { easternDaySql } from '../rollups/increments';

/** The sale statement's own parameters come first; the rules' follow from this number. */
const FIRST_PARAM = 8;
const raw = (n: number) => sql.raw(String(n));

/** A variant bit beside the rules': the refund rate is read from the list of agents over it (refund-rates.ts). */
export const REFUND_FROM_LIST = 64;
/** A variant bit beside the rules': at least one rule holds, so the flags decide the status (and its parameter is there). */
export const SOME_HOLD = 128;

/** The rules in force: which are on (the statement's variant), their values, and which of them hold. */
export interface FraudArgs {
  on: number;
  values: PreparedValue[];
}

/**
 * The statement's variant and rule values for `s`. `refundAgents`: the agents over the refund rate now
 * (an int[] literal), for a live postback; without it the statement sums the agent's month itself.
 */
export function fraudArgs(s: TFraudSettings, refundAgents?: string): FraudArgs {
  let on = 0;
  let hold = 0;
  for (const key of FRAUD_RULE_KEYS) {
    if (s[key].mode !== 'off') on |= FRAUD_RULE_BITS[key];
    if (s[key].mode === 'hold') hold |= FRAUD_RULE_BITS[key];
  }
  const values: PreparedValue[] = [];
  if (on & FraudRule.FastSale) values.push(s.fastSale.seconds);
  if (on & FraudRule.RepeatEmail) values.push(s.repeatEmail.max);
  if (on & FraudRule.RefundRate) {
    if (refundAgents === undefined) values.push(s.refundRate.percent, s.refundRate.minSales);
    else {
      on |= REFUND_FROM_LIST;
      values.push(refundAgents);
    }
  }
  if (hold) {
    on |= SOME_HOLD;
    values.push(hold);
  }
  return { on, values };
}

/**
 * The bits the sale tripped, of the rules `on` (their parameters numbered in fraudArgs' order), and whether
 * they hold it, from its flags (alias r): false unless some rule holds. `bonus`: the bonus statement, whose
 * event on a site using approve-sale is the Day#2 paid sale, made a day after the click on purpose: exempt
 * from the fast-sale rule.
 */
export function fraudSql(bonus: boolean, on: number): { flags: SQL; review: SQL } {
  let n = FIRST_PARAM;
  const parts: SQL[] = [];
  const bit = (rule: FraudRule, tripped: SQL) =>
    parts.push(sql`case when ${tripped} then ${raw(rule)} else 0 end`);
  if (on & FraudRule.FastSale) {
    const seconds = param(n++, 'int');
    const fast = sql`c.at < c.click_time + make_interval(secs => ${seconds})`;
    bit(FraudRule.FastSale, bonus ? sql`not c.approve_sale and ${fast}` : fast);
  }
  if (on & FraudRule.RepeatEmail) {
    // At least `max` earlier rows of the same event on the site in the window: the one past the first
    // max - 1 exists. From sales_email_idx: OFFSET 0 keeps the site and time tests out of the scan, or the
    // generic plan may walk the site's (site_id, date) index instead, every sale of the site's last 24 hours.
    const max = param(n++, 'int');
    const email = param(5, 'varchar');
    bit(
      FraudRule.RepeatEmail,
      sql`${email} is not null and exists (
        select 1 from (
          select s.site_id, s.event_type, s.date from sales s where s.customer_email = ${email} offset 0
        ) s
        where s.site_id = ${param(2, 'int')} and s.event_type = ${param(4, 'smallint')}
          and s.date > c.at - interval '${raw(REPEAT_EMAIL_WINDOW_HOURS)} hours' and s.date <= c.at
        offset ${max} - 1)`,
    );
  }
  if (on & FraudRule.SelfReferral)
    // login_logs_account_ip_idx.
    bit(
      FraudRule.SelfReferral,
      sql`exists (
        select 1 from agents g join login_logs l on l.account_id = g.account_id and l.ip = c.ip
        where g.id = c.agent_id
          and l.in_time > c.at - interval '${raw(SELF_REFERRAL_WINDOW_DAYS)} days' and l.in_time <= c.at)`,
    );
  if (on & REFUND_FROM_LIST) bit(FraudRule.RefundRate, sql`c.agent_id = any(${param(n++, 'int[]')})`);
  else if (on & FraudRule.RefundRate) {
    // The agent's approved sales and bonuses, and reversals, of the last 30 days. Written as (agent, day)
    // bounds so only stats_daily_agent_idx can serve it: with the days alone, the generic plan walked the
    // primary key's days, every agent's rows of the month.
    const percent = param(n++, 'int');
    const minSales = param(n++, 'int');
    const today = easternDaySql(sql`c.at`);
    bit(
      FraudRule.RefundRate,
      sql`(
        select sum(d.sales + d.bonus_sales) >= ${minSales}
           and sum(d.reversals) * 100 > ${percent} * sum(d.sales + d.bonus_sales)
        from stats_daily d
        where (d.agent_id, d.day) > (c.agent_id, ${today} - ${raw(REFUND_RATE_WINDOW_DAYS)})
          and (d.agent_id, d.day) <= (c.agent_id, ${today}))`,
    );
  }
  // The click's own reason (issue 35): no lookup, the click row is read already.
  if (on & FraudRule.InvalidClick) bit(FraudRule.InvalidClick, sql`c.invalid_reason <> 0`);
  const flags = parts.length ? sql`(${sql.join(parts, sql` + `)})` : sql`0`;
  const review = on & SOME_HOLD ? sql`(r.flags & ${param(n, 'int')}) <> 0` : sql`false`;
  return { flags, review };
}
