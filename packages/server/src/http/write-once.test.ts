// The same delete or status change sent many times at once (issue 32 part E): one effect, one 200, the
// others 404, one audit row; a status change racing a delete of its row either went first (200, audited,
// with its target) or finds the row gone (404, no row). Run on PostgreSQL too: PGlite runs one at a time.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@salesdesk/contract';
import { queryOne, queryRows } from '../db/client';
import { blackListIps, siteManuals } from '../db/schema';
import { buildAdmin, buildAgent, buildOffice, buildSite, tokenFor, uniqueName } from '../test/factories';
import { call, testEnv, type TestEnv } from '../test/harness';

let env: TestEnv;
beforeAll(async () => {
  env = await testEnv();
});

const TIMES = 20;
type Method = 'POST' | 'DELETE';
interface Shot {
  method: Method;
  url: string;
  body?: unknown;
}

/** A superadmin of the test's own (with the delete flag), so its audit rows are the test's alone. */
async function caller() {
  const a = await buildAdmin(env.ctx, { role: Role.Superadmin, approveAgents: true, canDelete: true });
  return { accountId: a.accountId, token: await tokenFor(env.ctx, a.accountId) };
}

/** Fires every shot at once; answers the statuses in order. */
async function fire(token: string, shots: Shot[]): Promise<number[]> {
  const answers = await Promise.all(
    shots.map((s) => call(env.app, s.method, s.url, { token, body: s.body })),
  );
  return answers.map((a) => a.status);
}

/** The caller's audit rows of `action`, with whether each names its target. */
const auditRows = (accountId: number, action: string) =>
  queryRows<{ target_id: string | null }>(
    env.ctx.db,
    sql`select target_id from audit_logs where account_id = ${accountId} and action = ${action}`,
  );

const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

/** 20 identical deletes at once: one 200, nineteen 404, one audit row naming its target. */
async function once(shot: Shot, action: string, gone: () => Promise<boolean>) {
  const who = await caller();
  const statuses = await fire(
    who.token,
    Array.from({ length: TIMES }, () => shot),
  );
  expect(
    statuses.filter((s) => s !== 200 && s !== 404),
    `${action}: only 200 and 404`,
  ).toEqual([]);
  expect([count(statuses, 200), count(statuses, 404)], action).toEqual([1, TIMES - 1]);
  const rows = await auditRows(who.accountId, action);
  expect(rows, action).toHaveLength(1);
  expect(rows[0].target_id, action).not.toBeNull();
  expect(await gone(), action).toBe(true);
}

const exists = async (table: string, id: number, live = '') =>
  !!(await queryOne(
    env.ctx.db,
    sql`select 1 as one from ${sql.raw(table)} where id = ${id} ${sql.raw(live)}`,
  ));

describe('the same delete twenty times at once', () => {
  it('DELETE agents/{id}', async () => {
    const a = await buildAgent(env.ctx);
    await once(
      { method: 'DELETE', url: `agents/${a.agent.id}` },
      'DELETE /api/agents/:id',
      async () => !(await exists('agents', a.agent.id)),
    );
  });

  it('DELETE sites/{id}', async () => {
    const { site } = await buildSite(env.ctx);
    await once(
      { method: 'DELETE', url: `sites/${site.id}` },
      'DELETE /api/sites/:id',
      async () => !(await exists('sites', site.id, 'and deleted_at is null')),
    );
  });

  it('DELETE types/{id}', async () => {
    const { type } = await buildSite(env.ctx);
    await once(
      { method: 'DELETE', url: `types/${type.id}` },
      'DELETE /api/types/:id',
      async () => !(await exists('link_types', type.id, 'and deleted_at is null')),
    );
  });

  it('DELETE site-manuals/{id}', async () => {
    const { site } = await buildSite(env.ctx);
    const [m] = await env.ctx.db
      .insert(siteManuals)
      .values({ siteId: site.id, title: 'How to', html: '<p>x</p>' })
      .returning({ id: siteManuals.id });
    await once(
      { method: 'DELETE', url: `site-manuals/${m.id}` },
      'DELETE /api/site-manuals/:id',
      async () => !(await exists('site_manuals', m.id)),
    );
  });

  it('DELETE black-list-ip/{id} and POST black-list-ip/delete-by-value', async () => {
    const ip = `198.51.100.${1 + Math.floor(Math.random() * 200)}`;
    const insert = async (value: string) =>
      (await env.ctx.db.insert(blackListIps).values({ ip: value }).onConflictDoNothing().returning())[0] ??
      (await queryOne<{ id: number }>(env.ctx.db, sql`select id from black_list_ips where ip = ${value}`))!;
    const row = await insert(ip);
    await once(
      { method: 'DELETE', url: `black-list-ip/${row.id}` },
      'DELETE /api/black-list-ip/:id',
      async () => !(await exists('black_list_ips', row.id)),
    );
    const again = await insert(ip);
    await once(
      { method: 'POST', url: 'black-list-ip/delete-by-value', body: { ips: [ip] } },
      'POST /api/black-list-ip/delete-by-value',
      async () => !(await exists('black_list_ips', again.id)),
    );
  });

  it('POST auth/sessions/end', async () => {
    const g = await buildAgent(env.ctx);
    const mine = await tokenFor(env.ctx, g.accountId);
    await tokenFor(env.ctx, g.accountId);
    const other = await queryOne<{ id: number }>(
      env.ctx.db,
      sql`select max(id)::int as id from sessions where account_id = ${g.accountId}`,
    );
    const statuses = await fire(
      mine,
      Array.from({ length: TIMES }, () => ({
        method: 'POST' as const,
        url: 'auth/sessions/end',
        body: { id: other!.id },
      })),
    );
    expect([count(statuses, 200), count(statuses, 404)]).toEqual([1, TIMES - 1]);
    expect(await auditRows(g.accountId, 'POST /api/auth/sessions/end')).toHaveLength(1);
  });
});

/** Status changes and deletes of one row at once: one delete wins; every 200 has its audit row, no 404 one. */
async function race(statusShot: Shot, statusAction: string, deleteShot: Shot, deleteAction: string) {
  const who = await caller();
  const shots = Array.from({ length: TIMES }, (_, i) => (i % 2 ? deleteShot : statusShot));
  const statuses = await fire(who.token, shots);
  expect(statuses.filter((s) => s !== 200 && s !== 404)).toEqual([]);
  const deletes = statuses.filter((_, i) => i % 2);
  const changes = statuses.filter((_, i) => !(i % 2));
  expect(count(deletes, 200)).toBe(1);
  const deleted = await auditRows(who.accountId, deleteAction);
  const changed = await auditRows(who.accountId, statusAction);
  expect(deleted).toHaveLength(1);
  expect(changed).toHaveLength(count(changes, 200));
  // The delete names its row; a status change that found its value already set changed no row, and its
  // audit row names no target (as any write that changes nothing).
  expect(deleted[0].target_id).not.toBeNull();
  // Once the row is gone, the same change is a plain 404.
  expect((await fire(who.token, [statusShot]))[0]).toBe(404);
}

describe('status changes racing a delete of their row', () => {
  it('POST agents/status against DELETE agents/{id}', async () => {
    const a = await buildAgent(env.ctx);
    await race(
      { method: 'POST', url: 'agents/status', body: { ids: [a.agent.id], active: false } },
      'POST /api/agents/status',
      { method: 'DELETE', url: `agents/${a.agent.id}` },
      'DELETE /api/agents/:id',
    );
  });

  it('POST sites/status against DELETE sites/{id}', async () => {
    const { site } = await buildSite(env.ctx);
    await race(
      { method: 'POST', url: 'sites/status', body: { ids: [site.id], status: false } },
      'POST /api/sites/status',
      { method: 'DELETE', url: `sites/${site.id}` },
      'DELETE /api/sites/:id',
    );
  });
});

describe('a status change of ids one of which is gone', () => {
  it('POST offices/status answers 404 and changes none of them', async () => {
    const o = await buildOffice(env.ctx);
    const who = await caller();
    const res = await call(env.app, 'POST', 'offices/status', {
      token: who.token,
      body: { ids: [o.office.id, 2147483600], active: false },
    });
    expect(res.status).toBe(404);
    expect(await queryOne(env.ctx.db, sql`select active from offices where id = ${o.office.id}`)).toEqual({
      active: true,
    });
    expect(await auditRows(who.accountId, 'POST /api/offices/status')).toHaveLength(0);
    const statuses = await fire(
      who.token,
      Array.from({ length: TIMES }, () => ({
        method: 'POST' as const,
        url: 'offices/status',
        body: { ids: [o.office.id], hidden: true },
      })),
    );
    // The office stays: each call runs after the other and answers 200; one had the effect and its audit
    // row names the office; the rest changed no row (their audit rows name no target, as any no-op write).
    expect(count(statuses, 200)).toBe(TIMES);
    const rows = await auditRows(who.accountId, 'POST /api/offices/status');
    expect(rows).toHaveLength(TIMES);
    expect(rows.filter((r) => r.target_id !== null)).toEqual([{ target_id: String(o.office.id) }]);
  });

  it('POST black-list-ip/delete-by-value of addresses none of which is listed answers 404', async () => {
    const who = await caller();
    const res = await call(env.app, 'POST', 'black-list-ip/delete-by-value', {
      token: who.token,
      body: { ips: [`${uniqueName('x')}`] },
    });
    expect(res.status).toBe(404);
    expect(await auditRows(who.accountId, 'POST /api/black-list-ip/delete-by-value')).toHaveLength(0);
  });
});
