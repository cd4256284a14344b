import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { Role, type TList, type TUnapprovedRow } from '@salesdesk/contract';
import { accounts, agents } from '../db/schema';
import { buildAdmin, buildAgent, buildClickPath, buildOffice, tokenFor } from '../test/factories';
import { call, testEnv, type TestEnv } from '../test/harness';
import { publishChange } from '../common/changes';
import { queryOne, sql } from '../db/client';

let env: TestEnv;
let approver: string;
beforeAll(async () => {
  env = await testEnv();
  approver = await tokenFor(env.ctx, (await buildAdmin(env.ctx, { approveAgents: true })).accountId);
});

const list = (query = '', token = approver) =>
  call<TList<TUnapprovedRow>>(env.app, 'GET', `accounts/unapproved${query}`, { token });
const approve = (ids: unknown, token = approver) =>
  call<{ approved: number; code: string }>(env.app, 'PUT', 'accounts/approve', { token, body: { ids } });
const approvedOf = async (agentIds: number[]) => {
  const rows = await env.ctx.db
    .select({ id: agents.id, approved: accounts.approved })
    .from(agents)
    .innerJoin(accounts, eq(accounts.id, agents.accountId))
    .where(inArray(agents.id, agentIds));
  return Object.fromEntries(rows.map((r) => [r.id, r.approved]));
};

describe('GET accounts/unapproved', () => {
  it('lists unapproved agents only, with their office, sorted by the spec fields', async () => {
    const office = await buildOffice(env.ctx);
    const waiting = await buildAgent(env.ctx, { officeId: office.office.id, approved: false });
    const approved = await buildAgent(env.ctx, { officeId: office.office.id });
    const res = await list('?pageSize=500');
    expect(res.status).toBe(200);
    const row = res.body.items.find((r) => r.id === waiting.agent.id);
    expect(row).toMatchObject({
      accountId: waiting.accountId,
      username: waiting.username,
      companyId: office.office.id,
      officeName: office.office.officeName,
    });
    expect(res.body.items.some((r) => r.id === approved.agent.id)).toBe(false);
    const raw = await queryOne<{ n: number }>(
      env.ctx.db,
      sql`select count(*)::int as n from agents g join accounts a on a.id = g.account_id where not a.approved`,
    );
    expect(res.body.total).toBe(raw?.n);
  });

  it('sorts by username, office (role) and regTime; "false" reads false; unknown fields are a 400', async () => {
    const a = await buildAgent(env.ctx, { approved: false });
    await buildAgent(env.ctx, { approved: false });
    const byOffice = await list('?sortField=role&sortAsc=false&pageSize=500');
    const offices = byOffice.body.items.map((r) => r.officeName.toLowerCase());
    expect(offices).toEqual([...offices].sort().reverse());
    const byName = await list('?sortField=username&sortAsc=true&pageSize=500');
    const names = byName.body.items.map((r) => r.username.toLowerCase());
    expect(names).toEqual([...names].sort());
    const newest = await list('?sortField=regTime&sortAsc=false&pageSize=1');
    expect(newest.body.items).toHaveLength(1);
    expect(newest.body.items[0].regTime >= a.agent.regTime.toISOString()).toBe(true);
    for (const q of ['?sortField=officeName', '?sortField=password', '?sortAsc=no', '?pageSize=1e3'])
      expect((await list(q)).status, q).toBe(400);
  });
});

describe('PUT accounts/approve', () => {
  it('approves the agents: they leave the list, the count drops, they can log in and click', async () => {
    const path = await buildClickPath(env.ctx);
    const one = await buildAgent(env.ctx, {
      officeId: path.office.id,
      approved: false,
      siteIds: [path.site.id],
    });
    const two = await buildAgent(env.ctx, { approved: false });
    const count = async () =>
      (await call<{ count: number }>(env.app, 'GET', 'accounts/unapproved/count', { token: approver })).body
        .count;
    const before = await count();
    await publishChange(env.ctx, 'tracking');
    const blocked = await env.app.inject({
      url: `/api/links/go/${path.site.id}/${path.type.id}/${one.agent.id}`,
    });
    expect(blocked.statusCode).toBe(404);
    const res = await approve([one.agent.id, two.agent.id, one.agent.id]);
    expect(res.status).toBe(200);
    expect(res.body.approved).toBe(2);
    expect(await approvedOf([one.agent.id, two.agent.id])).toEqual({
      [one.agent.id]: true,
      [two.agent.id]: true,
    });
    expect(await count()).toBe(before - 2);
    const rows = (await list('?pageSize=500')).body.items;
    expect(rows.some((r) => r.id === one.agent.id || r.id === two.agent.id)).toBe(false);
    const click = await env.app.inject({
      url: `/api/links/go/${path.site.id}/${path.type.id}/${one.agent.id}`,
    });
    expect(click.statusCode).toBe(302);
    expect(
      (await call(env.app, 'GET', 'accounts/me', { token: await tokenFor(env.ctx, one.accountId) })).status,
    ).toBe(200);
  });

  it('answers 404 and approves nothing when any id is not an unapproved agent', async () => {
    const waiting = await buildAgent(env.ctx, { approved: false });
    const approved = await buildAgent(env.ctx);
    const office = await buildOffice(env.ctx);
    for (const other of [approved.agent.id, 2147483647]) {
      const res = await approve([waiting.agent.id, other]);
      expect(res.status).toBe(404);
    }
    // The ids are agent ids: an unapproved agent's account id names nothing to approve.
    expect((await approve([office.accountId])).status).toBe(404);
    expect(await approvedOf([waiting.agent.id])).toEqual({ [waiting.agent.id]: false });
  });

  it('refuses bad ids with a 400 and changes nothing', async () => {
    const waiting = await buildAgent(env.ctx, { approved: false });
    const id = waiting.agent.id;
    for (const ids of [[], [3000000000], ['1'], ['0x10'], [1e3 + 0.5], [0], [-1], 'x', [id, null]]) {
      const res = await approve(ids);
      expect(res.status, JSON.stringify(ids)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
    }
    expect(
      (await call(env.app, 'PUT', 'accounts/approve', { token: approver, body: { ids: [id], x: '\u0000' } }))
        .status,
    ).toBe(400);
    expect(await approvedOf([id])).toEqual({ [id]: false });
  });

  it('of the same approval twice at once, one succeeds and the other is a 404', async () => {
    const waiting = await buildAgent(env.ctx, { approved: false });
    const both = await Promise.all([approve([waiting.agent.id]), approve([waiting.agent.id])]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 404]);
    expect(await approvedOf([waiting.agent.id])).toEqual({ [waiting.agent.id]: true });
  });

  it('is refused without APPROVE_AGENTS: admins without it, offices, agents, nobody', async () => {
    const waiting = await buildAgent(env.ctx, { approved: false });
    const plainAdmin = await buildAdmin(env.ctx);
    const office = await buildOffice(env.ctx);
    const agent = await buildAgent(env.ctx, { officeId: waiting.officeId });
    for (const accountId of [plainAdmin.accountId, office.accountId, agent.accountId]) {
      const token = await tokenFor(env.ctx, accountId);
      expect((await list('', token)).status).toBe(403);
      expect((await approve([waiting.agent.id], token)).status).toBe(403);
    }
    expect((await call(env.app, 'GET', 'accounts/unapproved')).status).toBe(401);
    expect(await approvedOf([waiting.agent.id])).toEqual({ [waiting.agent.id]: false });
    // A superadmin holds every permission.
    const superadmin = await buildAdmin(env.ctx, { role: Role.Superadmin });
    expect((await approve([waiting.agent.id], await tokenFor(env.ctx, superadmin.accountId))).status).toBe(
      200,
    );
  });
});
