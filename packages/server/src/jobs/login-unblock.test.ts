import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../db/schema';
import { buildAgent } from '../test/factories';
import { testEnv, type TestEnv } from '../test/harness';
import { nextUnblockTime, unblockLogins } from './login-unblock';

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
