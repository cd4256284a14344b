import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { easternDayStart } from '@salesdesk/contract';
import { accounts } from '../db/schema';
import { buildAgent } from '../test/factories';
import { secondInstance, testEnv, type TestEnv } from '../test/harness';
import { findRuns } from './job-runs';
import { nextUnblockTime, scheduleLoginUnblock, UNBLOCK_JOB, unblockLogins } from './login-unblock';

let env: TestEnv;
beforeAll(async () => {
  env = await testEnv();
});

describe('nextUnblockTime', () => {
  it('is 01:00 Eastern: 06:00 UTC in winter, 05:00 UTC in summer', () => {
    expect(nextUnblockTime(new Date('2026-01-10T03:00:00Z')).toISOString()).toBe('2026-01-10T06:00:00.000Z');
    expect(nextUnblockTime(new Date('2026-01-10T07:00:00Z')).toISOString()).toBe('2026-01-11T06:00:00.000Z');
    expect(nextUnblockTime(new Date('2026-07-04T12:00:00Z')).toISOString()).toBe('2026-07-05T05:00:00.000Z');
  });
  it('crosses the DST switch days correctly', () => {
    expect(nextUnblockTime(new Date('2026-03-08T04:00:00Z')).toISOString()).toBe('2026-03-08T06:00:00.000Z');
    expect(nextUnblockTime(new Date('2026-11-01T04:00:00Z')).toISOString()).toBe('2026-11-01T05:00:00.000Z');
  });
});

describe('unblockLogins', () => {
  it('lifts every login block', async () => {
    const a = await buildAgent(env.ctx);
    await env.ctx.db.update(accounts).set({ loginBlocked: true }).where(eq(accounts.id, a.accountId));
    const n = await unblockLogins(env.ctx.db);
    expect(n).toBeGreaterThanOrEqual(1);
    const [row] = await env.ctx.db.select().from(accounts).where(eq(accounts.id, a.accountId));
    expect(row.loginBlocked).toBe(false);
  });
});

describe('scheduleLoginUnblock', () => {
  it('unblocks once when two nodes reach the same 01:00 Eastern', async () => {
    const agents = [await buildAgent(env.ctx), await buildAgent(env.ctx)];
    const ids = agents.map((a) => a.accountId);
    await env.ctx.db.update(accounts).set({ loginBlocked: true }).where(inArray(accounts.id, ids));
    // Both clocks read 00:59:59.7 Eastern on a day of their own: 01:00 is due in 300 ms.
    const due = new Date(easternDayStart('2031-02-14').getTime() + 3600_000);
    const shift = due.getTime() - 300 - Date.now();
    const logs: string[][] = [[], []];
    const other = await secondInstance();
    const stops = [env.ctx.db, other.ctx.db].map((db, i) =>
      scheduleLoginUnblock({
        db,
        node: `node-${i}`,
        log: (m) => logs[i].push(m),
        now: () => Date.now() + shift,
      }),
    );
    try {
      await new Promise((r) => setTimeout(r, 1000));
    } finally {
      await Promise.all(stops.map((stop) => stop()));
    }
    const lines = logs.flat();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^01:00 Eastern: login unblocked for \d+ account\(s\)$/);
    const runs = (await findRuns(env.ctx.db, UNBLOCK_JOB)).filter((r) => r.dueAt.getTime() === due.getTime());
    expect(runs.map((r) => [r.node, r.finishedAt !== null])).toEqual([
      [`node-${logs[0].length ? 0 : 1}`, true],
    ]);
    const rows = await env.ctx.db.select().from(accounts).where(inArray(accounts.id, ids));
    expect(rows.map((r) => r.loginBlocked)).toEqual([false, false]);
  });
});
