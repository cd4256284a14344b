import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { CODE_WRONG, Role, type TAuditLogRow, type TList } from '@salesdesk/contract';
import { auditMark, auditRowsSince, auditTextSince, changesOf } from '../test/audit-fixtures';
import { codeAt, enrol, giveCode, passwordStep } from '../test/two-factor-fixtures';
import {
  buildAdmin,
  buildAgent,
  buildClickPath,
  login,
  nextIp,
  PASSWORD,
  tokenFor,
  uniqueName,
} from '../test/factories';
import { call, testEnv, type TestEnv } from '../test/harness';
import { mintToken } from '../auth/service';
import { eq } from 'drizzle-orm';
import { accounts } from '../db/schema';

let env: TestEnv;
let superToken: string;
let adminToken: string;
let superId: number;
beforeAll(async () => {
  env = await testEnv();
  superId = (await buildAdmin(env.ctx, { role: Role.Superadmin })).accountId;
  superToken = await tokenFor(env.ctx, superId);
  adminToken = await tokenFor(env.ctx, (await buildAdmin(env.ctx)).accountId);
});

type Res = { status: number; body: TList<TAuditLogRow> & { code?: string } };
const search = (token: string, body: object): Promise<Res> =>
  call(env.app, 'POST', 'audit-logs', { token, body });

const rate = (typeId: number, companyId: number, payout: string, enable = true) => ({
  typeId,
  companyId,
  enable,
  payout,
  earning: '10.00',
  lpp: 1,
  bonusPayout: '0',
  bonusEarning: '0',
  bonusLpp: 1,
});

describe('POST audit-logs', () => {
  it('shows a custom rate change with exactly its fields before and after', async () => {
    const p = await buildClickPath(env.ctx);
    const save = (payout: string) =>
      call(env.app, 'POST', 'companies/fees', {
        token: superToken,
        body: rate(p.type.id, p.office.id, payout),
        headers: { 'user-agent': 'Mozilla/5.0 rate-test' },
        ip: '10.20.30.40',
      });
    expect((await save('100.00')).status).toBe(200);
    expect((await save('125.50')).status).toBe(200);
    const key = `${p.type.id}/${p.office.id}`;
    const res = await search(superToken, { targetType: 'custom-rate', targetId: key });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(2);
    const [changed, created] = res.body.items;
    expect(changed).toMatchObject({
      action: 'POST /api/companies/fees',
      accountId: superId,
      role: Role.Superadmin,
      impersonator: null,
      ip: '10.20.30.40',
      userAgent: 'Mozilla/5.0 rate-test',
      targetType: 'custom-rate',
      targetId: key,
      changeCount: 1,
    });
    const name = `${p.office.officeName}, ${p.site.sitename} ${p.type.typename}`;
    expect(changed.description).toBe(`Changed custom rate ${name}: Payout ₱100 → ₱125.5`);
    expect(changed.changes).toEqual([
      {
        table: 'office_fees',
        key,
        op: 'update',
        title: `Custom rate ${key} changed`,
        fields: [
          {
            name: 'payout',
            label: 'Payout',
            before: '100.00',
            after: '125.50',
            beforeText: '₱100',
            afterText: '₱125.5',
          },
        ],
      },
    ]);
    expect(created.description).toBe(
      `Created custom rate ${name}: Enabled Yes, Payout ₱100, Earning $10.00 and 4 more`,
    );
    expect(created.changes[0]).toMatchObject({ table: 'office_fees', key, op: 'insert' });
    expect(created.changes[0].fields).toContainEqual({
      name: 'payout',
      label: 'Payout',
      before: null,
      after: '100.00',
      beforeText: null,
      afterText: '₱100',
    });
    expect(created.changes[0].fields).toContainEqual(
      expect.objectContaining({ name: 'enable', after: 'true', afterText: 'Yes' }),
    );
  });

  it('keeps that a password changed, never the password, its hash or its viewable copy', async () => {
    const g = await buildAgent(env.ctx);
    const mark = await auditMark(env.ctx);
    const res = await call(env.app, 'POST', `profile/agent`, {
      token: await tokenFor(env.ctx, g.accountId),
      body: { password: 'n3w-pa55word', passwordConfirm: 'n3w-pa55word', currentPassword: PASSWORD },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [row] = await auditRowsSince(env.ctx, mark);
    const changes = await changesOf(env.ctx, row.id);
    const account = changes.find((c) => c.table_name === 'accounts');
    expect(account?.after).toMatchObject({ password_hash: '(changed)', password_secret: '(changed)' });
    expect(account?.before).not.toHaveProperty('password_hash');
    expect(JSON.stringify(changes)).not.toMatch(/n3w-pa55word|argon2/);
  });

  it('shows an admin the rows about agents and offices, not about admins; refuses offices and agents', async () => {
    const admin = await buildAdmin(env.ctx);
    const g = await buildAgent(env.ctx);
    const email = `${uniqueName('e')}@example.com`;
    const changeAdmin = await call(env.app, 'POST', `admins/${admin.accountId}`, {
      token: superToken,
      body: { email, earningVisible: false, approveAgents: false },
    });
    expect(changeAdmin.status).toBe(200);
    const hide = await call(env.app, 'POST', 'agents/status', {
      token: superToken,
      body: { ids: [g.agent.id], hidden: true },
    });
    expect(hide.status).toBe(200);
    const asSuper = await search(superToken, { action: 'Admin changed', targetId: String(admin.accountId) });
    expect(asSuper.body.items.map((r) => r.targetType)).toEqual(['admin']);
    expect(asSuper.body.items[0].changes[0].fields).toContainEqual(
      expect.objectContaining({ name: 'email', label: 'Email', before: expect.any(String), after: email }),
    );
    expect(asSuper.body.items[0].description).toMatch(
      new RegExp(`^Changed admin ${admin.username}: Email .+ → ${email}$`),
    );
    const asAdmin = await search(adminToken, { targetId: String(admin.accountId), targetType: 'admin' });
    expect(asAdmin.body).toEqual({ items: [], total: 0 });
    const agentRows = await search(adminToken, { targetType: 'agent', targetId: String(g.agent.id) });
    expect(agentRows.body.items.map((r) => r.action)).toEqual(['POST /api/agents/status']);
    expect(agentRows.body.items[0].description).toBe(`Changed agent ${g.username}: Hidden No → Yes`);
    const everything = await search(adminToken, { pageSize: 500 });
    expect(everything.body.items.some((r) => r.targetType === 'admin' || r.targetType === null)).toBe(false);
    expect((await search(await tokenFor(env.ctx, g.accountId), {})).status).toBe(403);
    const o = await buildClickPath(env.ctx);
    expect((await search(await tokenFor(env.ctx, o.office.accountId), {})).status).toBe(403);
    expect((await search('', {})).status).toBe(401);
  });

  it('records sign-ins, a refused sign-in, a remote login with the admin behind it, and the logout', async () => {
    const g = await buildAgent(env.ctx);
    const mark = await auditMark(env.ctx);
    const wrong = await call(env.app, 'POST', 'auth/login', {
      body: { username: g.username.toUpperCase(), password: 'not-it' },
      headers: { 'user-agent': 'Browser/1' },
      ip: nextIp(),
    });
    expect(wrong.status).toBe(400);
    const token = await login(env.app, g.username);
    expect((await call(env.app, 'POST', 'auth/logout', { token })).status).toBe(200);
    const link = await mintToken(env.ctx, g.accountId, superId, 60_000);
    const remote = await call<{ token: string }>(env.app, 'POST', 'auth/login-remote', {
      body: { token: link },
      ip: nextIp(),
    });
    expect(remote.status).toBe(200);
    const asAgent = remote.body.token;
    const pair = { password: 'an0ther-pw', passwordConfirm: 'an0ther-pw', currentPassword: PASSWORD };
    const changed = await call(env.app, 'POST', 'profile/agent', { token: asAgent, body: pair });
    expect(changed.status).toBe(200);
    const reused = await call(env.app, 'POST', 'auth/login-remote', { body: { token: link }, ip: nextIp() });
    expect(reused.status).toBe(400);
    const rows = await auditRowsSince(env.ctx, mark);
    const target = { target_type: 'agent', target_id: String(g.agent.id) };
    expect(rows[0]).toMatchObject({
      action: 'POST /api/auth/login',
      account_id: g.accountId,
      username: g.username,
      role: Role.Agent,
      user_agent: 'Browser/1',
      detail: 'sign-in refused: Wrong username or password',
      ...target,
    });
    expect(rows[1]).toMatchObject({ action: 'POST /api/auth/login', detail: 'signed in', ...target });
    expect(rows[2]).toMatchObject({ action: 'POST /api/auth/logout', account_id: g.accountId, ...target });
    expect(rows[3]).toMatchObject({
      action: 'POST /api/auth/login-remote',
      account_id: g.accountId,
      impersonated_by: superId,
      detail: 'signed in',
      ...target,
    });
    // What the agent's session does while an admin is behind it names that admin.
    expect(rows[4]).toMatchObject({ action: 'POST /api/profile/agent', impersonated_by: superId, ...target });
    const next = rows.slice(5);
    expect(next).toHaveLength(1);
    expect(next[0]).toMatchObject({
      action: 'POST /api/auth/login-remote',
      account_id: null,
      detail: 'sign-in refused: This login link is invalid or has expired',
    });
  });

  it('records the two-factor events: enrolment, the code owed, a wrong code, the code, a reset; never a secret', async () => {
    const g = await buildAgent(env.ctx);
    const mark = await auditMark(env.ctx);
    const setup = await enrol(env.app, await tokenFor(env.ctx, g.accountId));
    const owed = await passwordStep(env.app, g.username);
    expect(owed.secondFactor).toBe('code');
    expect((await giveCode(env.app, owed.token, '000000')).status).toBe(400);
    expect((await giveCode(env.app, owed.token, codeAt(setup.secret, 1))).status).toBe(200);
    const reset = await call(env.app, 'POST', 'auth/reset-two-factor', {
      token: superToken,
      body: { accountId: g.accountId },
    });
    expect(reset.status).toBe(200);
    const rows = await auditRowsSince(env.ctx, mark);
    const target = { target_type: 'agent', target_id: String(g.agent.id) };
    expect(rows.map((r) => [r.action, r.detail])).toEqual([
      ['POST /api/auth/two-factor/start', null],
      ['POST /api/auth/two-factor/enable', null],
      ['POST /api/auth/login', 'password accepted, two-factor code owed'],
      ['POST /api/auth/second-factor', `sign-in refused: ${CODE_WRONG}`],
      ['POST /api/auth/second-factor', 'signed in with a two-factor code'],
      ['POST /api/auth/reset-two-factor', null],
    ]);
    for (const row of rows) expect(row).toMatchObject(target);
    expect(rows[5]).toMatchObject({ account_id: superId });
    const enabled = await changesOf(env.ctx, rows[1].id);
    expect(enabled.find((c) => c.table_name === 'two_factor')?.after).toMatchObject({ secret: '(changed)' });
    expect(enabled.filter((c) => c.table_name === 'recovery_codes')).toHaveLength(10);
    const text = await auditTextSince(env.ctx, mark);
    for (const secret of [setup.secret, ...setup.recoveryCodes]) expect(text).not.toContain(secret);
  });

  it('filters by user, action, target and Eastern days; pages on the server', async () => {
    const g = await buildAdmin(env.ctx);
    const adminOwnToken = await tokenFor(env.ctx, g.accountId);
    for (let i = 0; i < 3; i++) {
      const res = await call(env.app, 'POST', 'profile/admin', {
        token: adminOwnToken,
        body: { email: `${uniqueName('f')}@example.com` },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const byUser = await search(superToken, { username: g.username, pageSize: 2 });
    expect(byUser.body.total).toBe(3);
    expect(byUser.body.items).toHaveLength(2);
    const page2 = await search(superToken, { username: g.username, pageSize: 2, page: 2 });
    expect(page2.body.items).toHaveLength(1);
    expect(page2.body.items[0].id).toBeLessThan(byUser.body.items[1].id);
    expect((await search(superToken, { username: g.username, action: 'profile/admin' })).body.total).toBe(3);
    // An action's name (the filter's choice) stands for its routes.
    expect((await search(superToken, { username: g.username, action: 'Profile changed' })).body.total).toBe(
      3,
    );
    expect((await search(superToken, { username: g.username, action: 'Admin changed' })).body.total).toBe(0);
    expect((await search(superToken, { username: g.username, action: 'admins/:id' })).body.total).toBe(0);
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
    expect((await search(superToken, { username: g.username, start: today, end: today })).body.total).toBe(3);
    const old = await search(superToken, { username: g.username, start: '2020-01-01', end: '2020-01-31' });
    expect(old.body.total).toBe(0);
  });

  it('refuses bad input with a validation error', async () => {
    const bad: object[] = [
      { start: '2024-01-01' },
      { start: '2024-02-01', end: '2024-01-01' },
      { targetType: 'everything' },
      { targetId: "1' or 1=1" },
      { username: 'x'.repeat(65) },
      { action: 'a\u0000b' },
      { sortField: 'username' },
      { pageSize: 501 },
    ];
    for (const body of bad) {
      const res = await search(superToken, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('earnings in the audit log', () => {
  // An admin without the earnings permission sees no earning anywhere else: nor here, in the list, its
  // filter or its CSV. An admin with it and a superadmin do.
  it('shows earning values only to those allowed to see earnings', async () => {
    const p = await buildClickPath(env.ctx);
    const save = (earning: string) =>
      call(env.app, 'POST', 'companies/fees', {
        token: superToken,
        body: { ...rate(p.type.id, p.office.id, '100.00'), earning, bonusEarning: '7.77' },
      });
    expect((await save('31.41')).status).toBe(200);
    expect((await save('27.18')).status).toBe(200);
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
    const adjusted = await call<{ id: number }>(env.app, 'PUT', 'adjustments', {
      token: superToken,
      body: { agentId: p.agent.id, payout: '250', earning: '43.21', date: today, note: 'audit earnings' },
    });
    expect(adjusted.status, JSON.stringify(adjusted.body)).toBe(200);
    const earnings = ['31.41', '27.18', '7.77', '43.21'];

    const withEarnings = await buildAdmin(env.ctx);
    await env.ctx.db
      .update(accounts)
      .set({ earningVisible: true })
      .where(eq(accounts.id, withEarnings.accountId));
    const tokens = {
      super: superToken,
      admin: await tokenFor(env.ctx, withEarnings.accountId),
      admin2: adminToken,
    };
    const filters = [
      { targetType: 'custom-rate', targetId: `${p.type.id}/${p.office.id}` },
      { targetType: 'sale', targetId: String(adjusted.body.id) },
      { action: 'Adjustment added', targetId: String(adjusted.body.id) },
      { action: 'Custom rate saved', targetId: `${p.type.id}/${p.office.id}` },
    ];
    for (const [who, token] of Object.entries(tokens)) {
      let text = '';
      for (const filter of filters) {
        const list = await search(token, filter);
        expect(list.status).toBe(200);
        expect(list.body.total, `${who} ${JSON.stringify(filter)}`).toBeGreaterThan(0);
        text += JSON.stringify(list.body);
        const csv = await call<string>(env.app, 'POST', 'audit-logs/export', { token, body: filter });
        expect(csv.status).toBe(200);
        text += csv.body;
      }
      const seen = earnings.filter((e) => text.includes(e) || text.includes(e.replace(/0$/, '')));
      if (who === 'admin2') {
        expect(seen, who).toEqual([]);
        expect(text).not.toMatch(/"earning"|Earning/);
        // The payout an admin sees on every screen stays.
        expect(text).toContain('₱250');
      } else expect(seen, who).toEqual(earnings);
    }
    const asAdmin2 = await search(adminToken, filters[1]);
    expect(asAdmin2.body.items[0].description).toBe(`Added adjustment #${adjusted.body.id}: Payout ₱250`);
    const asSuper = await search(superToken, filters[1]);
    expect(asSuper.body.items[0].description).toBe(
      `Added adjustment #${adjusted.body.id}: Payout ₱250, Earning $43.21`,
    );
  });
});

describe('POST audit-logs/export', () => {
  it('writes every matching row with the screen headers and the changes as text', async () => {
    const p = await buildClickPath(env.ctx);
    for (const payout of ['1.00', '2.00'])
      await call(env.app, 'POST', 'companies/fees', {
        token: superToken,
        body: rate(p.type.id, p.office.id, payout),
      });
    const res = await call<string>(env.app, 'POST', 'audit-logs/export', {
      token: superToken,
      body: { targetType: 'custom-rate', targetId: `${p.type.id}/${p.office.id}`, pageSize: 1 },
    });
    expect(res.status).toBe(200);
    const rows = parse(res.body.replace(/^\uFEFF/, '')) as string[][];
    expect(rows[0]).toEqual([
      'Time',
      'User',
      'Role',
      'Remote login by',
      'IP',
      'Action',
      'Changes',
      'Browser',
      'Route',
      'Target',
      'Event',
      'Raw changes (JSON)',
      'API key',
    ]);
    expect(rows).toHaveLength(3);
    const key = `${p.type.id}/${p.office.id}`;
    const name = `${p.office.officeName}, ${p.site.sitename} ${p.type.typename}`;
    expect(rows[1][2]).toBe('Superadmin');
    expect(rows[1][5]).toBe(`Changed custom rate ${name}: Payout ₱1 → ₱2`);
    expect(rows[1][6]).toBe(`Custom rate ${key} changed; Payout: ₱1 → ₱2`);
    expect(rows[1][8]).toBe('POST /api/companies/fees');
    expect(rows[1][9]).toBe(`Custom rate #${key}`);
    expect(JSON.parse(rows[1][11])).toEqual([
      { table: 'office_fees', key, op: 'update', before: { payout: '1.00' }, after: { payout: '2.00' } },
    ]);
    expect((await call(env.app, 'POST', 'audit-logs/export', { token: adminToken, body: {} })).status).toBe(
      200,
    );
  });
});
