import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { loginLogs } from '../db/schema';
import { buildAdmin, buildAgent, buildOffice, tokenFor } from '../test/factories';
import { call, testEnv, testEnvWith, type TestEnv } from '../test/harness';

let env: TestEnv;
let adminToken: string;
beforeAll(async () => {
  env = await testEnv();
  adminToken = await tokenFor(env.ctx, (await buildAdmin(env.ctx)).accountId);
});

const rowsOf = (csv: string) => parse(csv.replace(/^\uFEFF/, '')) as string[][];
const exportCsv = (token: string, body: object, app = env.app) =>
  call<string>(app, 'POST', 'login-logs/export', { token, body });

/** An office and its agent with 120 logins in March 2024, one a minute. */
async function officeWithLogins() {
  const o = await buildOffice(env.ctx);
  const g = await buildAgent(env.ctx, { officeId: o.office.id });
  const start = Date.parse('2024-03-10T14:00:00Z');
  await env.ctx.db.insert(loginLogs).values(
    Array.from({ length: 120 }, (_, i) => ({
      accountId: i % 2 ? g.accountId : o.accountId,
      ip: `10.0.0.${i}`,
      inTime: new Date(start + i * 60_000),
      outTime: i === 0 ? new Date(start + 30_000) : null,
    })),
  );
  return { o, g };
}

describe('POST login-logs/export', () => {
  it('writes every matching login of the office, newest first, with the screen headers', async () => {
    const { o, g } = await officeWithLogins();
    await officeWithLogins();
    const token = await tokenFor(env.ctx, o.accountId);
    const res = await exportCsv(token, { start: '2024-03-01', end: '2024-03-31', pageSize: 10 });
    expect(res.status).toBe(200);
    expect(res.res.headers['content-disposition']).toBe(
      'attachment; filename="login-logs-2024-03-01-2024-03-31.csv"',
    );
    const rows = rowsOf(res.body);
    expect(rows[0]).toEqual(['Username', 'IP', 'Login', 'Logout']);
    expect(rows).toHaveLength(121);
    expect(rows[1]).toEqual([g.username, '10.0.0.119', '2024-03-10 (11:59)', '']);
    expect(rows[120]).toEqual([o.username, '10.0.0.0', '2024-03-10 (10:00)', '2024-03-10 (10:00)']);
    const byAgent = rowsOf((await exportCsv(adminToken, { agentId: g.agent.id })).body);
    expect(byAgent).toHaveLength(61);
  });

  it('is refused to agents, answers 404 for another office and leaves IPs out where the brand hides them', async () => {
    const { o, g } = await officeWithLogins();
    const theirs = await officeWithLogins();
    expect((await exportCsv(await tokenFor(env.ctx, g.accountId), {})).status).toBe(403);
    const token = await tokenFor(env.ctx, o.accountId);
    expect((await exportCsv(token, { companyId: theirs.o.office.id })).status).toBe(404);
    expect((await exportCsv(token, { agentId: theirs.g.agent.id })).status).toBe(404);
    expect((await exportCsv(token, { agentId: '1e3' })).status).toBe(400);
    const hidden = await testEnvWith({ BRAND: 'salesdesk' });
    const rows = rowsOf((await exportCsv(token, {}, hidden.app)).body);
    expect(rows[0]).toEqual(['Username', 'Login', 'Logout']);
    await hidden.app.close();
  });
});
