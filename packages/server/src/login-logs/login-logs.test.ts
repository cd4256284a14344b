import { beforeAll, describe, expect, it } from 'vitest';
import { Role, type TList, type TLoginLogRow } from '@salesdesk/contract';
import { loginLogs } from '../db/schema';
import { buildAdmin, buildAgent, buildOffice, login, tokenFor } from '../test/factories';
import { call, testEnv, testEnvWith, type TestEnv } from '../test/harness';

let env: TestEnv;
let adminToken: string;
beforeAll(async () => {
  env = await testEnv();
  adminToken = await login(env.app, (await buildAdmin(env.ctx)).username);
});

type Res = { status: number; body: TList<TLoginLogRow> & { code?: string; data?: Record<string, string[]> } };
const search = (token: string, body: object, app = env.app): Promise<Res> =>
  call(app, 'POST', 'login-logs/search', { token, body });

const log = (accountId: number, inTime: string, ip = '10.0.0.1', outTime?: string) =>
  env.ctx.db
    .insert(loginLogs)
    .values({ accountId, ip, inTime: new Date(inTime), outTime: outTime ? new Date(outTime) : null })
    .returning({ id: loginLogs.id });

/** An office with two agents, each with a known login history. */
async function officeWithLogs() {
  const o = await buildOffice(env.ctx);
  const g1 = await buildAgent(env.ctx, { officeId: o.office.id });
  const g2 = await buildAgent(env.ctx, { officeId: o.office.id });
  await log(o.accountId, '2024-01-10T15:00:00Z', '192.168.1.5', '2024-01-10T16:00:00Z');
  await log(g1.accountId, '2024-01-11T15:00:00Z', '10.1.1.1', '2024-01-11T17:30:00Z');
  await log(g1.accountId, '2024-01-12T15:00:00Z', '10.1.1.2');
  await log(g2.accountId, '2024-01-13T15:00:00Z', '172.16.0.9');
  return { o, g1, g2 };
}

describe('POST login-logs/search', () => {
  it("an office sees its own and its agents' logins, newest first, with logout times", async () => {
    const { o, g1, g2 } = await officeWithLogs();
    const other = await officeWithLogs();
    const token = await tokenFor(env.ctx, o.accountId);
    const res = await search(token, { start: '2024-01-01', end: '2024-01-31' });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(4);
    expect(res.body.items.map((r) => r.username)).toEqual([
      g2.username,
      g1.username,
      g1.username,
      o.username,
    ]);
    expect(res.body.items[1]).toMatchObject({
      ip: '10.1.1.2',
      inTime: '2024-01-12T15:00:00.000Z',
      outTime: null,
    });
    expect(res.body.items[3]).toMatchObject({ ip: '192.168.1.5', outTime: '2024-01-10T16:00:00.000Z' });
    const names = res.body.items.map((r) => r.username);
    expect(names).not.toContain(other.o.username);
  });

  it('filters by office, agent and part of an IP; sorts and pages on the server', async () => {
    const { o, g1 } = await officeWithLogs();
    const byOffice = await search(adminToken, { companyId: o.office.id, sortField: 'inTime', sortAsc: true });
    expect(byOffice.body.total).toBe(4);
    expect(byOffice.body.items[0].username).toBe(o.username);
    const byAgent = await search(adminToken, { companyId: o.office.id, agentId: g1.agent.id });
    expect(byAgent.body.items.map((r) => r.ip)).toEqual(['10.1.1.2', '10.1.1.1']);
    const byIp = await search(adminToken, { companyId: o.office.id, ipAddress: ' 10.1.1 ' });
    expect(byIp.body.total).toBe(2);
    const page2 = await search(adminToken, { companyId: o.office.id, page: 2, pageSize: 3 });
    expect(page2.body).toMatchObject({ total: 4 });
    expect(page2.body.items).toHaveLength(1);
    expect(page2.body.items[0].username).toBe(o.username);
  });

  it('takes Eastern days, both included, across the daylight-saving switch', async () => {
    const o = await buildOffice(env.ctx);
    const at = [
      '2024-01-15T04:59:59Z',
      '2024-01-15T05:00:00Z',
      '2024-01-16T04:59:59Z',
      '2024-01-16T05:00:00Z',
    ];
    const summer = [
      '2024-07-04T03:59:59Z',
      '2024-07-04T04:00:00Z',
      '2024-07-05T03:59:59Z',
      '2024-07-05T04:00:00Z',
    ];
    for (const t of [...at, ...summer]) await log(o.accountId, t);
    const times = async (start: string, end: string) =>
      (await search(adminToken, { companyId: o.office.id, start, end, sortField: 'inTime' })).body.items.map(
        (r) => r.inTime,
      );
    expect(await times('2024-01-15', '2024-01-15')).toEqual([
      '2024-01-15T05:00:00.000Z',
      '2024-01-16T04:59:59.000Z',
    ]);
    expect(await times('2024-07-04', '2024-07-04')).toEqual([
      '2024-07-04T04:00:00.000Z',
      '2024-07-05T03:59:59.000Z',
    ]);
    expect(await times('2024-01-14', '2024-01-16')).toHaveLength(4);
    expect(await times('2024-07-05', '2024-07-05')).toEqual(['2024-07-05T04:00:00.000Z']);
  });

  it("answers 404 to an office naming another office or another office's agent", async () => {
    const mine = await officeWithLogs();
    const theirs = await officeWithLogs();
    const token = await tokenFor(env.ctx, mine.o.accountId);
    expect((await search(token, { companyId: theirs.o.office.id })).status).toBe(404);
    expect((await search(token, { agentId: theirs.g1.agent.id })).status).toBe(404);
    expect((await search(token, { agentId: 2_000_000_000 })).status).toBe(404);
    const own = await search(token, { companyId: mine.o.office.id, agentId: mine.g2.agent.id });
    expect(own.body.total).toBe(1);
    // An admin naming an agent that does not exist gets an empty list.
    expect((await search(adminToken, { agentId: 2_000_000_000 })).body).toEqual({ items: [], total: 0 });
  });

  it('is refused to agents and to nobody', async () => {
    const g = await buildAgent(env.ctx);
    expect((await search(await tokenFor(env.ctx, g.accountId), {})).status).toBe(403);
    expect((await search('', {})).status).toBe(401);
  });

  it('refuses bad input with a validation error', async () => {
    const superToken = await tokenFor(
      env.ctx,
      (await buildAdmin(env.ctx, { role: Role.Superadmin })).accountId,
    );
    const bad: object[] = [
      { start: '2024-01-01' },
      { end: '2024-01-01' },
      { start: '2024-02-01', end: '2024-01-01' },
      { start: '2024-02-30', end: '2024-03-01' },
      { start: '2024-1-1', end: '2024-01-02' },
      { companyId: 3_000_000_000 },
      { companyId: '0x10' },
      { agentId: '1e3' },
      { agentId: -1 },
      { agentId: 1.5 },
      { ipAddress: '10.0.%' },
      { ipAddress: '1\u00002' },
      { ipAddress: 'x'.repeat(65) },
      { sortField: 'username' },
      { sortField: 'inTime', sortAsc: 'maybe' },
      { pageSize: 501 },
      { page: 0 },
      { criteria: [{ field: 'username', value: 'x' }] },
    ];
    for (const body of bad) {
      const res = await search(superToken, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
    }
    const range = await search(superToken, { start: '2024-02-01', end: '2024-01-01' });
    expect(range.body.data?.end).toEqual(['Date Range is not valid']);
  });

  it('hides IP addresses, and refuses an IP filter, where the brand does not show them', async () => {
    const { o } = await officeWithLogs();
    const hidden = await testEnvWith({ BRAND: 'salesdesk' });
    const token = await tokenFor(env.ctx, o.accountId);
    const res = await search(token, {}, hidden.app);
    expect(res.status).toBe(200);
    expect(res.body.items.length).toBeGreaterThan(0);
    expect(res.body.items.every((r) => r.ip === null)).toBe(true);
    expect((await search(token, { ipAddress: '10.' }, hidden.app)).status).toBe(400);
    await hidden.app.close();
  });

  it('records a real login with its IP and closes it on logout', async () => {
    const o = await buildOffice(env.ctx);
    const token = await login(env.app, o.username);
    const open = await search(adminToken, { companyId: o.office.id });
    expect(open.body.total).toBe(1);
    expect(open.body.items[0].outTime).toBeNull();
    await call(env.app, 'POST', 'auth/logout', { token });
    const closed = await search(adminToken, { companyId: o.office.id });
    expect(closed.body.items[0].outTime).not.toBeNull();
  });
});
