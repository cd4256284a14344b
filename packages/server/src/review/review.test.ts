import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { FraudRule, SaleStatus, type TReviewRow } from '@salesdesk/contract';
import { queryOne } from '../db/client';
import { countRollupMismatches } from '../rollups/rebuild';
import { call, testEnv, type TestEnv } from '../test/harness';
import { agentFigures } from '../test/money-fixtures';
import { queueSale, reviewCallers, saleState, type ReviewCaller } from '../test/review-fixtures';
import { secondAgent } from '../test/logs-fixtures';

let env: TestEnv;
let who: Awaited<ReturnType<typeof reviewCallers>>;
// The path's own sales, on two days of June 2025.
const ids = {} as Record<'fast' | 'heldFast' | 'email' | 'siteHold' | 'clean' | 'other', number>;
let otherAgentId: number;

beforeAll(async () => {
  env = await testEnv();
  who = await reviewCallers(env.ctx);
  const p = who.path;
  ids.fast = await queueSale(env.ctx, p, '2025-06-03T15:00:05Z', {
    flags: FraudRule.FastSale,
    clickSeconds: 5,
  });
  ids.heldFast = await queueSale(env.ctx, p, '2025-06-03T16:00:00Z', {
    flags: FraudRule.FastSale | FraudRule.SelfReferral,
    held: true,
    clickSeconds: 3,
  });
  ids.email = await queueSale(env.ctx, p, '2025-06-04T10:00:00Z', {
    flags: FraudRule.RepeatEmail,
    email: 'same@example.com',
  });
  // Held by the site's hold days, no rule.
  ids.siteHold = await queueSale(env.ctx, p, '2025-06-04T11:00:00Z', { held: true });
  ids.clean = await queueSale(env.ctx, p, '2025-06-04T12:00:00Z');
  const other = await secondAgent(env.ctx, p);
  otherAgentId = other.agent.id;
  ids.other = await queueSale(env.ctx, other, '2025-06-04T13:00:00Z', {
    flags: FraudRule.RefundRate,
    held: true,
  });
});

type List = { items: TReviewRow[]; total: number };
type Err = { code: string; message: string };
const search = (token: string, body: object) =>
  call<List & Err>(env.app, 'POST', 'review/search', { token, body });
const mine = (extra: object = {}) => ({ companyId: who.path.office.id, ...extra });
const idsOf = (l: List) => l.items.map((r) => r.id);

describe('POST review/search', () => {
  it('lets approvers and superadmins in; admins without the permission, offices and agents never', async () => {
    for (const caller of ['superadmin', 'approver', 'moneyApprover'] as const)
      expect((await search(who[caller], mine())).status, caller).toBe(200);
    for (const caller of ['admin', 'earningAdmin', 'office', 'agent'] as const) {
      expect((await search(who[caller], mine())).status, caller).toBe(403);
      // The access answers before the body is read.
      expect((await search(who[caller], { rule: 'nope' })).status, caller).toBe(403);
    }
    expect((await search('', mine())).status).toBe(401);
  });

  it('lists held and flagged sales newest first with their rules, agent, office, site, click-to-sale time and amounts', async () => {
    const res = await search(who.moneyApprover, mine());
    expect(idsOf(res.body)).toEqual([ids.other, ids.siteHold, ids.email, ids.heldFast, ids.fast]);
    expect(res.body.total).toBe(5);
    const held = res.body.items.find((r) => r.id === ids.heldFast);
    expect(held).toMatchObject({
      status: 'held',
      rules: ['fastSale', 'selfReferral'],
      agentId: who.path.agent.id,
      agent: who.path.agentUsername,
      companyId: who.path.office.id,
      officeName: who.path.office.officeName,
      siteId: who.path.site.id,
      sitename: who.path.site.sitename,
      clickToSale: 3,
      eventType: 0,
    });
    expect(held?.payout).toMatch(/^\d+\.\d{2}$/);
    expect(held?.earning).toMatch(/^\d+\.\d{2}$/);
    const siteHold = res.body.items.find((r) => r.id === ids.siteHold);
    expect(siteHold).toMatchObject({ status: 'held', rules: [], clickToSale: 3600 });
    expect(siteHold?.holdUntil).toBe('2025-06-11T11:00:00.000Z');
    expect(res.body.items.find((r) => r.id === ids.fast)).toMatchObject({
      status: 'approved',
      rules: ['fastSale'],
    });
    // Earnings only for those who see them.
    const plain = await search(who.approver, mine());
    expect(plain.body.items.every((r) => r.earning === null)).toBe(true);
  });

  it('filters by rule, status, site, office, agent and days; pages on the server', async () => {
    const list = async (extra: object) => idsOf((await search(who.approver, mine(extra))).body);
    expect(await list({ rule: 'fastSale' })).toEqual([ids.heldFast, ids.fast]);
    expect(await list({ rule: 'repeatEmail' })).toEqual([ids.email]);
    expect(await list({ rule: 'refundRate' })).toEqual([ids.other]);
    expect(await list({ status: 'held' })).toEqual([ids.other, ids.siteHold, ids.heldFast]);
    expect(await list({ status: 'flagged' })).toEqual([ids.email, ids.fast]);
    expect(await list({ status: 'held', rule: 'fastSale' })).toEqual([ids.heldFast]);
    expect(await list({ agentId: otherAgentId })).toEqual([ids.other]);
    expect(await list({ siteId: who.path.site.id, start: '2025-06-03', end: '2025-06-03' })).toEqual([
      ids.heldFast,
      ids.fast,
    ]);
    expect(await list({ start: '2025-06-05', end: '2025-06-30' })).toEqual([]);
    expect(await list({ sortField: 'date', sortAsc: true })).toEqual([
      ids.fast,
      ids.heldFast,
      ids.email,
      ids.siteHold,
      ids.other,
    ]);
    const page2 = (await search(who.approver, mine({ page: 2, pageSize: 2 }))).body;
    expect(page2).toMatchObject({ total: 5 });
    expect(idsOf(page2)).toEqual([ids.email, ids.heldFast]);
    // An unknown office or agent has no rows for an admin.
    expect(idsOf((await search(who.approver, { companyId: 2147483647 })).body)).toEqual([]);
    expect(idsOf((await search(who.approver, { agentId: 2147483647 })).body)).toEqual([]);
  });

  it('refuses bad filters with a 400', async () => {
    const bad: object[] = [
      { rule: 'fast' },
      { rule: 1 },
      { status: 'approved' },
      { agentId: '1' },
      { agentId: 2147483648 },
      { siteId: 0 },
      { companyId: 1.5 },
      { start: '2025-06-01' },
      { start: '2025-06-05', end: '2025-06-01' },
      { start: '2025-02-30', end: '2025-03-01' },
      { sortField: 'payout' },
      { page: '0x10' },
      { pageSize: '1e3' },
      { rule: 'fastSale\u0000' },
    ];
    for (const body of bad) {
      const res = await search(who.approver, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('GET review/count', () => {
  it('counts every held sale and bonus (the badge), for the same callers', async () => {
    const raw = async () =>
      (await queryOne<{ n: number }>(env.ctx.db, sql`select count(*)::int as n from sales where status = 1`))
        ?.n;
    const res = await call<{ count: number }>(env.app, 'GET', 'review/count', { token: who.approver });
    expect(res.body).toEqual({ count: await raw() });
    for (const caller of ['admin', 'office', 'agent'] as const)
      expect((await call(env.app, 'GET', 'review/count', { token: who[caller] })).status, caller).toBe(403);
    expect((await call(env.app, 'GET', 'review/count')).status).toBe(401);
  });
});

describe('POST review/status', () => {
  const change = (caller: ReviewCaller, body: object) =>
    call<Err & { changed?: number }>(env.app, 'POST', 'review/status', { token: who[caller], body });
  const held = () =>
    queueSale(env.ctx, who.path, '2025-06-05T10:00:00Z', { flags: FraudRule.FastSale, held: true });

  it('approves or rejects held sales with a reason for approvers without the earnings permission', async () => {
    const before = await agentFigures(env.ctx, who.path.agent.id);
    const [a, b] = [await held(), await held()];
    expect(
      (await change('approver', { ids: [a], status: 'approved', reason: 'customer called' })).body,
    ).toEqual({
      ok: true,
      changed: 1,
      paidIn: [],
    });
    expect(
      (await change('superadmin', { ids: [b], status: 'rejected', reason: 'stolen card' })).body,
    ).toEqual({
      ok: true,
      changed: 1,
      paidIn: [],
    });
    expect(await saleState(env.ctx, a)).toMatchObject({
      status: SaleStatus.Approved,
      note: 'customer called',
    });
    // The flags stay: they say what the sale tripped when it arrived.
    expect(await saleState(env.ctx, b)).toMatchObject({
      status: SaleStatus.Rejected,
      note: 'stolen card',
      fraud_flags: FraudRule.FastSale,
    });
    const after = await agentFigures(env.ctx, who.path.agent.id);
    expect(Number(after?.sales) - Number(before?.sales)).toBe(1);
    expect(after?.held).toBe(before?.held);
    expect(await countRollupMismatches(env.ctx.db, { siteIds: [who.path.site.id] })).toBe(0);
  });

  it('answers 409 for a flagged sale that is not held (it was approved on arrival) and changes nothing', async () => {
    const res = await change('approver', { ids: [ids.fast], status: 'rejected', reason: 'x' });
    expect(res).toMatchObject({ status: 409, body: { message: 'This sale is not held' } });
    expect(await saleState(env.ctx, ids.fast)).toMatchObject({ status: SaleStatus.Approved });
  });

  it('is refused to admins without the permission, offices and agents, before the body is read', async () => {
    const id = await held();
    for (const caller of ['admin', 'earningAdmin', 'office', 'agent'] as const) {
      expect((await change(caller, { ids: [id], status: 'approved', reason: 'ok' })).status, caller).toBe(
        403,
      );
      expect((await change(caller, { ids: '\u0000' })).status, caller).toBe(403);
    }
    expect(await saleState(env.ctx, id)).toMatchObject({ status: SaleStatus.Held });
  });

  it('changes a sale once when two reviewers decide at once', async () => {
    const id = await held();
    const body = { ids: [id], status: 'rejected', reason: 'duplicate order' };
    const answers = await Promise.all([change('approver', body), change('superadmin', body)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await countRollupMismatches(env.ctx.db, { siteIds: [who.path.site.id] })).toBe(0);
  });

  it('refuses bad input with a 400', async () => {
    const id = await held();
    const ok = { ids: [id], status: 'approved', reason: 'r' };
    for (const body of [
      { ...ok, ids: [String(id)] },
      { ...ok, ids: ['0x10'] },
      { ...ok, ids: [2147483648] },
      { ...ok, ids: [] },
      { ...ok, status: 'held' },
      { ...ok, reason: ' ' },
      { ...ok, reason: 'r\u0000' },
    ])
      expect((await change('approver', body)).status, JSON.stringify(body)).toBe(400);
    expect(await saleState(env.ctx, id)).toMatchObject({ status: SaleStatus.Held });
  });
});
