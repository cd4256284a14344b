// The pay periods calls: the list (paged, newest first, open periods live), close, paid and reopen by role,
// their 409s and bad input. A database of the file's own: a close is global to every office.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  easternDay,
  PAY_PERIOD_TEXTS,
  PAY_PERIODS_PAGE_SIZE,
  payPeriodOf,
  type TPayPeriod,
  type TPayPeriods,
} from '@salesdesk/contract';
import { call, ownDatabaseTestEnv, type TestEnv } from '../test/harness';
import { moneyCallers, type MoneyCaller } from '../test/money-fixtures';
import { saleOf } from '../test/pay-periods-fixtures';
import { buildReportOffice, buildReportSite } from '../test/report-fixtures';

let env: TestEnv;
let tokens: Record<MoneyCaller, string>;
let agentId: number;
let site: Awaited<ReturnType<typeof buildReportSite>>;

beforeAll(async () => {
  env = await ownDatabaseTestEnv('pay_api');
  tokens = await moneyCallers(env.ctx);
  site = await buildReportSite(env.ctx);
  const office = await buildReportOffice(env.ctx, [site.site.id]);
  agentId = office.agents[0].agent.id;
  await saleOf(env.ctx, site, agentId, '2025-01-03T10:00:00-05:00');
  await saleOf(env.ctx, site, agentId, '2025-01-20T10:00:00-05:00');
});

const list = (who: MoneyCaller, page = 1) =>
  call<TPayPeriods>(env.app, 'GET', `pay-periods?page=${page}`, { token: tokens[who] });
const post = (who: MoneyCaller, url: string, body?: unknown) =>
  call<{ message?: string }>(env.app, 'POST', `pay-periods/${url}`, { token: tokens[who], body });

async function allPeriods(): Promise<TPayPeriod[]> {
  const first = await list('admin');
  const pages = Math.ceil(first.body.total / PAY_PERIODS_PAGE_SIZE);
  const items = [...first.body.items];
  for (let page = 2; page <= pages; page++) items.push(...(await list('admin', page)).body.items);
  return items;
}

describe('pay periods list', () => {
  it('lists every period from the earliest money up to the current one, newest first, paged', async () => {
    const all = await allPeriods();
    const current = payPeriodOf('half-month', easternDay(new Date()), null);
    expect(all[0]).toMatchObject({ start: current.start, end: current.end, status: 'open', canClose: false });
    expect(all.at(-1)).toMatchObject({
      start: '2025-01-01',
      end: '2025-01-15',
      status: 'open',
      agentsPaid: 1,
      payout: '100.00',
      avpPayout: '0.00',
      closed: null,
      canClose: true,
    });
    // Only the earliest period holding money may close; an empty one between closes with it.
    expect(all.at(-2)).toMatchObject({ start: '2025-01-16', payout: '100.00', canClose: false });
    expect(all.map((p) => p.start)).toEqual([...all.map((p) => p.start)].sort().reverse());
    expect(new Set(all.map((p) => p.start)).size).toBe(all.length);
  });

  it('answers admins and superadmins; office and agent are refused', async () => {
    expect((await list('superadmin')).status).toBe(200);
    expect((await list('office')).status).toBe(403);
    expect((await list('agent')).status).toBe(403);
    expect((await call(env.app, 'GET', 'pay-periods')).status).toBe(401);
  });

  it('refuses a page that is not a whole number', async () => {
    for (const page of ['0', '-1', '1.5', 'x', '10001']) {
      expect((await call(env.app, 'GET', `pay-periods?page=${page}`, { token: tokens.admin })).status).toBe(
        400,
      );
    }
  });
});

describe('closing, paying and reopening', () => {
  it('refuses the roles that may not, before reading the period', async () => {
    for (const who of ['admin', 'office', 'agent'] as const) {
      expect((await post(who, '2025-01-01/close')).status).toBe(403);
      expect((await post(who, '2025-01-01/paid')).status).toBe(403);
      expect((await post(who, 'not-a-day/close')).status).toBe(403);
    }
    for (const who of ['earningAdmin', 'admin', 'office', 'agent'] as const) {
      expect((await post(who, '2025-01-01/reopen', { reason: 'x' })).status).toBe(403);
    }
  });

  it('refuses bad days and reasons with a 400', async () => {
    for (const day of ['2025-02-30', '0x10', '1e3', '3000000000', '2025-01-01%00', '20250101']) {
      expect((await post('superadmin', `${day}/close`)).status).toBe(400);
    }
    for (const body of [{}, { reason: '  ' }, { reason: 'x'.repeat(501) }, { reason: 7 }]) {
      expect((await post('superadmin', '2025-01-01/reopen', body)).status).toBe(400);
    }
  });

  it('closes in order, exactly once when two close at once, then pays; 409s say why', async () => {
    expect(await post('earningAdmin', '2025-01-16/close')).toMatchObject({
      status: 409,
      body: { message: PAY_PERIOD_TEXTS.closeEarlierFirst({ start: '2025-01-01', end: '2025-01-15' }) },
    });
    const current = payPeriodOf('half-month', easternDay(new Date()), null);
    expect(await post('earningAdmin', `${current.start}/close`)).toMatchObject({
      status: 409,
      body: { message: PAY_PERIOD_TEXTS.notEnded },
    });
    expect((await post('earningAdmin', '2025-01-05/close')).status).toBe(404);

    const both = await Promise.all([
      post('earningAdmin', '2025-01-01/close'),
      post('superadmin', '2025-01-01/close'),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.status === 409)?.body.message).toBe(PAY_PERIOD_TEXTS.alreadyClosed);

    const all = await allPeriods();
    expect(all.at(-1)).toMatchObject({
      start: '2025-01-01',
      status: 'closed',
      payout: '100.00',
      agentsPaid: 1,
    });
    expect(all.at(-1)?.closed?.by).toMatch(/^a/);
    expect(all.at(-2)).toMatchObject({ start: '2025-01-16', status: 'open', canClose: true });

    expect(await post('earningAdmin', '2025-01-16/paid')).toMatchObject({
      status: 409,
      body: { message: PAY_PERIOD_TEXTS.notClosed },
    });
    expect((await post('earningAdmin', '2025-01-01/paid')).status).toBe(200);
    expect(await post('superadmin', '2025-01-01/reopen', { reason: 'recount' })).toMatchObject({
      status: 409,
      body: { message: PAY_PERIOD_TEXTS.paidNeverChanges },
    });
    expect((await allPeriods()).at(-1)).toMatchObject({ status: 'paid', paid: { by: expect.any(String) } });
  });

  it('reopens the latest closed period with the reason shown, keeping who closed it, and closes it again', async () => {
    expect((await post('earningAdmin', '2025-01-16/close')).status).toBe(200);
    const closedBy = (await allPeriods()).at(-2)?.closed;
    expect(closedBy).toEqual({ at: expect.any(String), by: expect.stringMatching(/\S/) });
    expect((await post('superadmin', '2025-01-16/reopen', { reason: 'late chargeback' })).status).toBe(200);
    const reopened = (await allPeriods()).at(-2);
    expect(reopened).toMatchObject({
      start: '2025-01-16',
      status: 'open',
      closed: closedBy,
      payout: '100.00',
      reopened: { reason: 'late chargeback' },
      canClose: true,
    });
    expect(await post('superadmin', '2025-01-16/reopen', { reason: 'again' })).toMatchObject({
      status: 409,
      body: { message: PAY_PERIOD_TEXTS.onlyLatest },
    });
    expect((await post('superadmin', '2025-01-16/close')).status).toBe(200);
  });
});
