import { beforeAll, describe, expect, it } from 'vitest';
import { invalidReasonCode, Role, type TClickLogRow, type TList } from '@salesdesk/contract';
import { queryOne, sql } from '../db/client';
import { buildAdmin, buildClickPath, tokenFor } from '../test/factories';
import { call, testEnv, testEnvWith, type TestEnv } from '../test/harness';
import { clickAt, secondAgent, type ClickPath } from '../test/logs-fixtures';

let env: TestEnv;
let adminToken: string;
let superToken: string;
beforeAll(async () => {
  env = await testEnv();
  adminToken = await tokenFor(env.ctx, (await buildAdmin(env.ctx)).accountId);
  superToken = await tokenFor(env.ctx, (await buildAdmin(env.ctx, { role: Role.Superadmin })).accountId);
});

type Res = { status: number; body: TList<TClickLogRow> & { code?: string; data?: Record<string, string[]> } };
const search = (token: string, body: object, app = env.app): Promise<Res> =>
  call(app, 'POST', 'click-outs/search', { token, body });

/** An office with two agents; agent 1 clicked three times, agent 2 once, in January 2024. */
async function officeWithClicks() {
  const a = await buildClickPath(env.ctx);
  const b = await secondAgent(env.ctx, a);
  await clickAt(env.ctx, a, '2024-01-10T15:00:00Z', { ip: '24.1.1.1', referer: 'https://fb.example/' });
  await clickAt(env.ctx, a, '2024-01-11T15:00:00Z', { ip: '24.1.1.1' });
  await clickAt(env.ctx, a, '2024-01-12T15:00:00Z', { ip: '99.2.2.2' });
  await clickAt(env.ctx, b, '2024-01-13T15:00:00Z', { ip: '24.1.1.1' });
  return { a, b };
}

const officeToken = (p: ClickPath) => tokenFor(env.ctx, p.office.accountId);

describe('POST click-outs/search', () => {
  it("an office sees its own agents' clicks, newest first, with names, IP, uniques and referrer", async () => {
    const { a, b } = await officeWithClicks();
    const other = await officeWithClicks();
    const res = await search(await officeToken(a), { start: '2024-01-01', end: '2024-01-31' });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(4);
    expect(res.body.items.map((r) => r.agentUsername)).toEqual([
      b.agentUsername,
      a.agentUsername,
      a.agentUsername,
      a.agentUsername,
    ]);
    expect(res.body.items[3]).toMatchObject({
      officeName: a.office.officeName,
      sitename: a.site.sitename,
      typename: a.type.typename,
      url: a.type.url,
      clickTime: '2024-01-10T15:00:00.000Z',
      fromIp: '24.1.1.1',
      uniques: 1,
      referer: 'https://fb.example/',
    });
    // The same IP, type and agent on another Eastern day is unique again; a second agent too.
    expect(res.body.items.map((r) => r.uniques)).toEqual([1, 1, 1, 1]);
    const names = res.body.items.map((r) => r.agentUsername);
    expect(names).not.toContain(other.a.agentUsername);
  });

  it('an agent sees only its own clicks, and naming another agent of its office answers 404', async () => {
    const { a, b } = await officeWithClicks();
    const token = await tokenFor(env.ctx, a.agentAccountId);
    const res = await search(token, {});
    expect(res.body.total).toBe(3);
    expect(res.body.items.every((r) => r.agentUsername === a.agentUsername)).toBe(true);
    expect((await search(token, { agentId: b.agent.id })).status).toBe(404);
    expect((await search(token, { agentId: a.agent.id, companyId: a.office.id })).body.total).toBe(3);
  });

  it('filters by office, agent, site, part of an IP and Eastern days; pages and sorts on the server', async () => {
    const { a, b } = await officeWithClicks();
    const mine = { companyId: a.office.id };
    expect((await search(adminToken, mine)).body.total).toBe(4);
    expect((await search(adminToken, { ...mine, agentId: b.agent.id })).body.total).toBe(1);
    expect((await search(adminToken, { siteId: a.site.id })).body.total).toBe(4);
    const byIp = await search(adminToken, { ...mine, ipAddress: ' 24.1. ' });
    expect(byIp.body.total).toBe(3);
    expect(byIp.body.items.every((r) => r.fromIp === '24.1.1.1')).toBe(true);
    // 2024-01-11T15:00Z is 10:00 on the 11th in New York.
    const day = await search(adminToken, { ...mine, start: '2024-01-11', end: '2024-01-12' });
    expect(day.body.items.map((r) => r.clickTime)).toEqual([
      '2024-01-12T15:00:00.000Z',
      '2024-01-11T15:00:00.000Z',
    ]);
    const oldest = await search(adminToken, { ...mine, sortField: 'clickTime', sortAsc: true, pageSize: 3 });
    expect(oldest.body.items[0].clickTime).toBe('2024-01-10T15:00:00.000Z');
    const page2 = await search(adminToken, { ...mine, page: 2, pageSize: 3 });
    expect(page2.body).toMatchObject({ total: 4 });
    expect(page2.body.items.map((r) => r.clickTime)).toEqual(['2024-01-10T15:00:00.000Z']);
  });

  it('takes Eastern days, both included, across the daylight-saving switch', async () => {
    const p = await buildClickPath(env.ctx);
    const winter = [
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
    for (const t of [...winter, ...summer]) await clickAt(env.ctx, p, t);
    const times = async (start: string, end: string) => {
      const res = await search(adminToken, { companyId: p.office.id, start, end, sortField: 'clickTime' });
      return { times: res.body.items.map((r) => r.clickTime), total: res.body.total };
    };
    expect(await times('2024-01-15', '2024-01-15')).toEqual({
      times: ['2024-01-15T05:00:00.000Z', '2024-01-16T04:59:59.000Z'],
      total: 2,
    });
    expect(await times('2024-07-04', '2024-07-04')).toEqual({
      times: ['2024-07-04T04:00:00.000Z', '2024-07-05T03:59:59.000Z'],
      total: 2,
    });
    expect((await times('2024-01-14', '2024-01-16')).total).toBe(4);
  });

  it("answers 404 to an office naming another office or another office's agent", async () => {
    const mine = await officeWithClicks();
    const theirs = await officeWithClicks();
    const token = await officeToken(mine.a);
    expect((await search(token, { companyId: theirs.a.office.id })).status).toBe(404);
    expect((await search(token, { agentId: theirs.b.agent.id })).status).toBe(404);
    expect((await search(token, { agentId: 2_000_000_000 })).status).toBe(404);
    expect((await search(token, { agentId: mine.b.agent.id })).body.total).toBe(1);
    // Their site is shared; the office still sees only its own clicks on it.
    expect((await search(token, { siteId: theirs.a.site.id })).body).toEqual({
      items: [],
      total: 0,
      keptFrom: null,
    });
    expect((await search(adminToken, { agentId: 2_000_000_000 })).body).toEqual({
      items: [],
      total: 0,
      keptFrom: null,
    });
  });

  it('is refused to nobody', async () => {
    expect((await search('', {})).status).toBe(401);
  });

  it('refuses bad input with a validation error', async () => {
    const bad: object[] = [
      { start: '2024-01-01' },
      { start: '2024-02-01', end: '2024-01-01' },
      { start: '2024-02-30', end: '2024-03-01' },
      { companyId: 3_000_000_000 },
      { agentId: '0x10' },
      { siteId: '1e3' },
      { siteId: 0 },
      { agentId: 1.5 },
      { ipAddress: '10.0.%' },
      { ipAddress: '1\u00002' },
      { ipAddress: 'x'.repeat(65) },
      { sortField: 'officeName' },
      { sortField: 'clickTime', sortAsc: 'maybe' },
      { pageSize: 501 },
      { page: 0 },
      { criteria: [{ field: 'ip', value: 'x' }] },
    ];
    for (const body of bad) {
      const res = await search(superToken, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
    }
    const range = await search(superToken, { start: '2024-02-01', end: '2024-01-01' });
    expect(range.body.data?.end).toEqual(['Date Range is not valid']);
  });

  it('hides IP, uniques and referrer, and refuses an IP filter, where the brand does not show them', async () => {
    const { a } = await officeWithClicks();
    const hidden = await testEnvWith({ BRAND: 'salesdesk' });
    const token = await officeToken(a);
    const res = await search(token, {}, hidden.app);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(4);
    for (const r of res.body.items) expect(r).toMatchObject({ fromIp: null, uniques: null, referer: null });
    expect((await search(token, { ipAddress: '24.' }, hidden.app)).status).toBe(400);
    await hidden.app.close();
  });
});

const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const FACEBOOK = 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)';

/** An office whose agents clicked in March 2024: two valid clicks, a bot, a link preview and a repeat. */
async function officeWithReasons() {
  const a = await buildClickPath(env.ctx);
  const b = await secondAgent(env.ctx, a);
  const at = (day: number) => `2024-03-${String(day).padStart(2, '0')}T15:00:00Z`;
  const code = invalidReasonCode;
  await clickAt(env.ctx, a, at(1), { ip: '24.3.0.1' });
  await clickAt(env.ctx, a, at(2), { ip: '24.3.0.2', userAgent: GOOGLEBOT, invalidReason: code('BOT') });
  await clickAt(env.ctx, a, at(3), { ip: '24.3.0.3', userAgent: FACEBOOK, invalidReason: code('PREVIEW') });
  await clickAt(env.ctx, b, at(4), { ip: '24.3.0.4', userAgent: GOOGLEBOT, invalidReason: code('REPEAT') });
  await clickAt(env.ctx, b, at(5), { ip: '24.3.0.5' });
  return { a, b };
}

describe('the reason of a click', () => {
  const MARCH = { start: '2024-03-01', end: '2024-03-31' };

  it('is on every row; what a bot or preview matched is shown to admins only', async () => {
    const { a } = await officeWithReasons();
    const mine = { ...MARCH, companyId: a.office.id };
    for (const token of [adminToken, superToken]) {
      const res = await search(token, mine);
      expect(res.body.items.map((r) => [r.invalidReason, r.invalidDetail])).toEqual([
        [null, null],
        ['REPEAT', null],
        ['PREVIEW', 'facebookexternalhit'],
        ['BOT', 'google'],
        [null, null],
      ]);
    }
    for (const token of [await officeToken(a), await tokenFor(env.ctx, a.agentAccountId)]) {
      const res = await search(token, MARCH);
      expect(res.body.items.map((r) => r.invalidReason)).toContain('BOT');
      expect(res.body.items.every((r) => r.invalidDetail === null)).toBe(true);
    }
  });

  it("filters valid, invalid and each reason, totals equal to the raw clicks', never another office's", async () => {
    const { a, b } = await officeWithReasons();
    const other = await officeWithReasons();
    const token = await officeToken(a);
    const cases = [
      { reason: 'valid', where: sql`invalid_reason = 0`, reasons: [null, null] },
      { reason: 'invalid', where: sql`invalid_reason <> 0`, reasons: ['REPEAT', 'PREVIEW', 'BOT'] },
      { reason: 'BOT', where: sql`invalid_reason = ${invalidReasonCode('BOT')}`, reasons: ['BOT'] },
      { reason: 'REPEAT', where: sql`invalid_reason = ${invalidReasonCode('REPEAT')}`, reasons: ['REPEAT'] },
      { reason: 'HEAD', where: sql`invalid_reason = ${invalidReasonCode('HEAD')}`, reasons: [] },
    ];
    for (const c of cases) {
      const raw = await queryOne<{ n: number }>(
        env.ctx.db,
        sql`select count(*)::int as n from clicks where office_id = ${a.office.id} and ${c.where}`,
      );
      // Without an IP the total is the rollup's, with one the raw rows': both must agree.
      for (const body of [{ reason: c.reason }, { reason: c.reason, ipAddress: '24.3.' }]) {
        const res = await search(token, { ...MARCH, ...body });
        expect(res.status, JSON.stringify(body)).toBe(200);
        expect(res.body.items.map((r) => r.invalidReason)).toEqual(c.reasons);
        expect(res.body.total, JSON.stringify(body)).toBe(raw!.n);
        expect(res.body.items.map((r) => r.agentUsername)).not.toContain(other.a.agentUsername);
      }
    }
    const agent = await search(await tokenFor(env.ctx, b.agentAccountId), { reason: 'invalid' });
    expect(agent.body.items.map((r) => [r.agentUsername, r.invalidReason])).toEqual([
      [b.agentUsername, 'REPEAT'],
    ]);
    const admin = await search(adminToken, { ...MARCH, reason: 'PREVIEW', siteId: a.site.id });
    expect(admin.body.total).toBe(1);
  });

  it('refuses a reason it does not know, and answers nobody 401', async () => {
    for (const reason of ['bot', 'Invalid', 'VALID ', 3, '', null]) {
      const res = await search(superToken, { reason });
      expect(res.status, JSON.stringify(reason)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
      expect(res.body.data?.reason).toEqual(['Choose valid, invalid or a reason']);
    }
    expect((await search('', { reason: 'invalid' })).status).toBe(401);
  });
});
