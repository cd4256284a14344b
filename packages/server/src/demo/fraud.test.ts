import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { FraudRule, SaleStatus } from '@salesdesk/contract';
import { publishChange } from '../common/changes';
import { queryOne, queryRows } from '../db/client';
import { countRollupMismatches } from '../rollups/rebuild';
import { buildAgent, buildClickPath } from '../test/factories';
import { testEnv, type TestEnv } from '../test/harness';
import { generateDemoHistory, loadCast } from './history';
import type { HistorySummary } from './history-summary';

let env: TestEnv;
let siteId: number;
let summary: HistorySummary | null;

beforeAll(async () => {
  env = await testEnv();
  const p = await buildClickPath(env.ctx);
  for (let i = 0; i < 2; i++) await buildAgent(env.ctx, { officeId: p.office.id, siteIds: [p.site.id] });
  await publishChange(env.ctx, 'tracking');
  siteId = p.site.id;
  const cast = await loadCast(env.ctx.db, [siteId]);
  // The bulk path: the marks are the same on both (history.test.ts), and it is quicker.
  summary = await generateDemoHistory(env.ctx, {
    days: 30,
    scale: 1,
    now: new Date(),
    seed: 11,
    cast,
    bulk: true,
  });
});

const flagged = (bit: number) =>
  queryRows<{ id: string; seconds: number; agent_id: number }>(
    env.ctx.db,
    sql`select s.id::text, extract(epoch from s.date - c.click_time)::float8 as seconds, s.agent_id
        from sales s join clicks c on c.id = s.click_id
        where s.site_id = ${siteId} and (s.fraud_flags & ${bit}) <> 0`,
  );

describe('the demo fraud review', () => {
  it('flags sales by each rule, holds a few for review, and keeps the figures exact', async () => {
    expect(summary?.fraud.flagged).toBeGreaterThan(0);
    expect(summary?.fraud.held).toBeGreaterThan(0);
    const held = await queryOne<{ n: number }>(
      env.ctx.db,
      sql`select count(*)::int as n from sales where site_id = ${siteId} and status = ${SaleStatus.Held}
            and hold_until is null and fraud_flags <> 0`,
    );
    expect(held?.n).toBe(summary?.fraud.held);
    expect(await countRollupMismatches(env.ctx.db, { siteIds: [siteId] })).toBe(0);
  });

  it('flags a fast sale only when it came less than 15 s after its click', async () => {
    const fast = await flagged(FraudRule.FastSale);
    expect(fast.length).toBeGreaterThan(0);
    for (const s of fast) expect(s.seconds).toBeLessThan(15);
  });

  it('flags a repeated e-mail only after another sale of the site with it within 24 hours', async () => {
    const repeated = await flagged(FraudRule.RepeatEmail);
    expect(repeated.length).toBeGreaterThan(0);
    const earlier = await queryOne<{ n: number }>(
      env.ctx.db,
      sql`select count(*)::int as n from sales s
          where s.id = any(${sql.param(repeated.map((r) => r.id))}::bigint[])
            and exists (select 1 from sales e where e.site_id = s.site_id and e.customer_email = s.customer_email
                          and e.event_type = 0 and e.date < s.date and e.date > s.date - interval '24 hours')`,
    );
    expect(earlier?.n).toBe(repeated.length);
  });

  it('flags a self-referral only for a click from an address the agent signed in from', async () => {
    const self = await flagged(FraudRule.SelfReferral);
    expect(self.length).toBeGreaterThan(0);
    const fromLogin = await queryOne<{ n: number }>(
      env.ctx.db,
      sql`select count(*)::int as n from sales s join clicks c on c.id = s.click_id join agents g on g.id = s.agent_id
          where s.id = any(${sql.param(self.map((r) => r.id))}::bigint[])
            and exists (select 1 from login_logs l where l.account_id = g.account_id and l.ip = c.ip
                          and l.in_time <= c.click_time and l.in_time > c.click_time - interval '30 days')`,
    );
    expect(fromLogin?.n).toBe(self.length);
  });

  it('gives one agent a refund rate over 25 % of at least 20 sales in the last 30 days', async () => {
    const agents = [...new Set((await flagged(FraudRule.RefundRate)).map((r) => r.agent_id))];
    expect(agents).toHaveLength(1);
    expect(summary?.fraud.refundRateReversals).toBeGreaterThan(0);
    const rate = await queryOne<{ sales: number; reversed: number }>(
      env.ctx.db,
      sql`select count(*) filter (where event_type = 0)::int as sales,
                 count(*) filter (where event_type in (3, 4))::int as reversed
          from sales where agent_id = ${agents[0]} and date > now() - interval '30 days'`,
    );
    expect(rate!.sales).toBeGreaterThanOrEqual(20);
    expect(rate!.reversed * 4).toBeGreaterThan(rate!.sales);
  });
});
