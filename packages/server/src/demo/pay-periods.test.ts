// The demo's pay periods: every ended period of the history closed, all but the latest paid, the
// current one open; the Pay Periods list shows each status.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  easternDay,
  payPeriodOf,
  type TPayoutBatch,
  type TPayoutDetailsView,
  type TPayPeriods,
} from '@salesdesk/contract';
import { queryRows } from '../db/client';
import { login } from '../test/factories';
import { call, isolatedTestEnv, type TestEnv } from '../test/harness';
import { DEMO_PASSWORD, seedDemo } from './data';
import { generateDemoHistory } from './history';
import { seedDemoPayPeriods } from './pay-periods';

let env: TestEnv;
const NOW = new Date();

beforeAll(async () => {
  env = await isolatedTestEnv();
  await seedDemo(env.ctx, { scale: 0 });
  await generateDemoHistory(env.ctx, { days: 35, scale: 1, now: NOW });
}, 300_000);

describe('demo pay periods', () => {
  it('closes every ended period, pays all but the latest, and leaves the current one open', async () => {
    const result = await seedDemoPayPeriods(env.ctx.db, NOW);
    const rows = await queryRows<{
      start: string;
      end: string;
      status: number;
      closed_at: Date;
      paid_at: Date | null;
    }>(
      env.ctx.db,
      sql`select start::text, "end"::text, status, closed_at, paid_at from pay_periods order by start`,
    );
    const current = payPeriodOf('half-month', easternDay(NOW), null);
    expect(result.closed).toBe(rows.length);
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows.map((r) => r.status)).toEqual([...Array<number>(rows.length - 1).fill(2), 1]);
    for (const r of rows) {
      expect(r.end < current.start).toBe(true);
      expect(new Date(r.closed_at).getTime()).toBeLessThanOrEqual(NOW.getTime());
    }
    const token = await login(env.app, 'super', DEMO_PASSWORD);
    const list = await call<TPayPeriods>(env.app, 'GET', 'pay-periods', { token });
    expect(list.body.items[0]).toMatchObject({ start: current.start, status: 'open' });
    expect(new Set(list.body.items.map((p) => p.status))).toEqual(new Set(['open', 'closed', 'paid']));
  });

  it('has an agent who owes: a balance carried out, carried in and out again, then paid off', async () => {
    const rows = await queryRows<{
      agent_id: number;
      start: string;
      carried_in: string;
      carried_out: string;
    }>(
      env.ctx.db,
      sql`select agent_id, period_start::text as start, carried_in::text, carried_out::text
          from pay_statements order by agent_id, period_start`,
    );
    const owing = rows.filter((r) => Number(r.carried_out) < 0);
    expect(owing.length).toBeGreaterThan(0);
    // One statement both carries a balance in and carries one out.
    expect(rows.some((r) => Number(r.carried_in) < 0 && Number(r.carried_out) < 0)).toBe(true);
    // Each carried balance is the carried-out of the agent's statement before it.
    for (const [i, r] of rows.entries()) {
      const before = rows[i - 1]?.agent_id === r.agent_id ? rows[i - 1] : undefined;
      expect(r.carried_in, `${r.agent_id} ${r.start}`).toBe(before ? before.carried_out : '0.00');
    }
  });

  it('gives most agents payout details, so the latest closed period makes a batch with files', async () => {
    // seedDemo gave them (seedDemoPayoutDetails).
    const [set] = await queryRows<{ n: number }>(
      env.ctx.db,
      sql`select count(*)::int as n from payout_details`,
    );
    expect(set.n).toBeGreaterThan(10);
    const token = await login(env.app, 'super', DEMO_PASSWORD);
    const [latest] = await queryRows<{ start: string }>(
      env.ctx.db,
      sql`select start::text from pay_periods where status = 1 order by start desc limit 1`,
    );
    const batch = await call<TPayoutBatch>(env.app, 'POST', 'payouts/batches', {
      token,
      body: { start: latest.start },
    });
    expect(batch.status).toBe(200);
    expect(batch.body.lines).toBeGreaterThan(0);
    expect(batch.body.files.length).toBeGreaterThan(1);
    const details = await call<TPayoutDetailsView>(env.app, 'GET', 'profile/payout', {
      token: await login(env.app, 'agent01', DEMO_PASSWORD),
    });
    expect(details.body.details).not.toBeNull();
  });
});
