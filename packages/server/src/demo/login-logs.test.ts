import { describe, expect, it } from 'vitest';
import { easternDay } from '@salesdesk/contract';
import { buildAgent } from '../test/factories';
import { testEnv } from '../test/harness';
import { planDemoLogins } from './login-logs';

const NOW = new Date('2024-06-14T18:00:00Z');

describe('demo login logs', () => {
  it('plans the same realistic logins every time: weekdays, past only, most with a logout', async () => {
    const { ctx } = await testEnv();
    await buildAgent(ctx);
    const plan = await planDemoLogins(ctx.db, { now: NOW });
    expect(await planDemoLogins(ctx.db, { now: NOW })).toEqual(plan);
    expect(plan.length).toBeGreaterThan(0);
    const first = new Date('2024-03-17T04:00:00Z');
    for (const l of plan) {
      expect(l.inTime.getTime()).toBeLessThanOrEqual(NOW.getTime());
      expect(l.inTime.getTime()).toBeGreaterThanOrEqual(first.getTime());
      if (l.outTime) expect(l.outTime.getTime()).toBeGreaterThan(l.inTime.getTime());
    }
    const weekend = plan.filter((l) =>
      [0, 6].includes(new Date(`${easternDay(l.inTime)}T00:00Z`).getUTCDay()),
    );
    expect(weekend.length / plan.length).toBeLessThan(0.1);
    const open = plan.filter((l) => !l.outTime).length;
    expect(open / plan.length).toBeGreaterThan(0.05);
    expect(open / plan.length).toBeLessThan(0.3);
  });
});
