// Payout details (issue 36): an agent sets its own with its current password; an admin who sees earnings
// sets or corrects them and sees them whole; an office sees the method and last 4; another office's agent
// is 404. The account is encrypted at rest, never in the audit log, and a change is mailed to the agent.
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  ACCOUNT_NUMBER_DIGITS,
  CODE_REQUIRED,
  CODE_WRONG,
  MOBILE_NUMBER_FORMAT,
  type TPayoutDetailsView,
} from '@salesdesk/contract';
import type { Mail } from '../common/mailer';
import { queryRows } from '../db/client';
import { buildAdmin, buildAgent, login, PASSWORD, tokenFor } from '../test/factories';
import { call, testEnv, type TestEnv } from '../test/harness';
import { buildStatementWorld, type StatementWorld } from '../test/pay-statements-fixtures';
import { codeAt, enrol } from '../test/two-factor-fixtures';

let env: TestEnv;
let w: StatementWorld;
let payer: string;
const sent: Mail[] = [];

const bank = { method: 'bank', bank: 'BDO', accountName: 'Ana Cruz', accountNumber: '001234567890' };
const gcash = { method: 'gcash', mobileNumber: '09171234567', accountName: 'Ana Cruz' };

beforeAll(async () => {
  env = await testEnv();
  env.ctx.mailer.send = async (m) => void sent.push(m);
  w = await buildStatementWorld(env.ctx);
  const admin = await buildAdmin(env.ctx);
  await env.ctx.db.execute(sql`update accounts set earning_visible = true where id = ${admin.accountId}`);
  payer = await tokenFor(env.ctx, admin.accountId);
});

const own = (token: string, body: unknown) =>
  call<TPayoutDetailsView>(env.app, 'PUT', 'profile/payout', { token, body });

describe('payout details', () => {
  it('lets an agent set its own with its current password, and shows them whole to it', async () => {
    const wrong = await call(env.app, 'PUT', 'profile/payout', {
      token: w.tokens.g1,
      body: { details: gcash, currentPassword: 'not it' },
    });
    expect(wrong.status).toBe(400);
    const saved = await own(w.tokens.g1, { details: gcash, currentPassword: PASSWORD });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.details).toEqual({ ...gcash, mobileNumber: '+639171234567' });
    expect(saved.body.summary).toEqual({ method: 'gcash', last4: '4567' });
    expect(saved.body.heldUntil).not.toBeNull();
    const read = await call<TPayoutDetailsView>(env.app, 'GET', 'profile/payout', { token: w.tokens.g1 });
    expect(read.body.details).toEqual(saved.body.details);
  });

  it('asks an agent enrolled in two-factor sign-in for its code too', async () => {
    const g = await buildAgent(env.ctx);
    const token = await login(env.app, g.username);
    const { secret } = await enrol(env.app, token);
    const body = (extra: object) => ({ details: gcash, currentPassword: PASSWORD, ...extra });
    const without = await call<{ data?: Record<string, string[]> }>(env.app, 'PUT', 'profile/payout', {
      token,
      body: body({}),
    });
    expect(without.status).toBe(400);
    expect(without.body.data?.code).toEqual([CODE_REQUIRED]);
    const wrong = codeAt(secret, 1) === '000000' ? '111111' : '000000';
    const refused = await call<{ data?: Record<string, string[]> }>(env.app, 'PUT', 'profile/payout', {
      token,
      body: body({ code: wrong }),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.data?.code).toEqual([CODE_WRONG]);
    const none = await call<TPayoutDetailsView>(env.app, 'GET', 'profile/payout', { token });
    expect(none.body.summary).toBeNull();
    const saved = await own(token, body({ code: codeAt(secret, 1) }));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.summary).toEqual({ method: 'gcash', last4: '4567' });
  });

  it('keeps the account encrypted and out of the audit log, and mails the agent', async () => {
    const [row] = await queryRows<{ account_secret: string }>(
      env.ctx.db,
      sql`select account_secret from payout_details where agent_id = ${w.g1.agent.id}`,
    );
    expect(row.account_secret).not.toContain('9171234567');
    const changes = await queryRows<{ t: string }>(
      env.ctx.db,
      sql`select coalesce(before::text, '') || coalesce(after::text, '') as t from audit_changes
          where table_name = 'payout_details'`,
    );
    expect(changes.length).toBeGreaterThan(0);
    // The last 4 are what an office sees anyway; the account itself is only `(set)`.
    for (const c of changes) expect(c.t).not.toMatch(/9171234567/);
    expect(changes.map((c) => c.t).join()).toContain('(set)');
    expect(sent.some((m) => /payout details changed/.test(m.subject) && !/4567/.test(m.text))).toBe(true);
  });

  it('shows an office the method and last 4 only, and another office 404', async () => {
    const seen = await call<TPayoutDetailsView>(env.app, 'GET', `agents/${w.g1.agent.id}/payout`, {
      token: w.tokens.office1,
    });
    expect(seen.status).toBe(200);
    expect(seen.body.details).toBeNull();
    expect(seen.body.summary).toEqual({ method: 'gcash', last4: '4567' });
    const other = await call(env.app, 'GET', `agents/${w.g1.agent.id}/payout`, { token: w.tokens.office2 });
    expect(other.status).toBe(404);
  });

  it('lets an admin who sees earnings correct them, and no one else', async () => {
    for (const token of [w.tokens.office1, w.tokens.admin, w.tokens.g1]) {
      const refused = await call(env.app, 'PUT', `agents/${w.g1.agent.id}/payout`, {
        token,
        body: { details: bank },
      });
      expect(refused.status).toBe(403);
    }
    const done = await call<TPayoutDetailsView>(env.app, 'PUT', `agents/${w.g1.agent.id}/payout`, {
      token: payer,
      body: { details: bank },
    });
    expect(done.status).toBe(200);
    expect(done.body.details).toEqual(bank);
    const audit = await call<{ items: { description: string }[] }>(env.app, 'POST', 'audit-logs', {
      token: w.tokens.superadmin,
      body: { action: 'Payout details changed' },
    });
    expect(audit.status, JSON.stringify(audit.body)).toBe(200);
    expect(audit.body.items.map((i) => i.description)).toContain(
      `Changed payout details of agent ${w.g1.agentUsername}: Bank transfer`,
    );
  });

  it('refuses bad details with the field that is wrong, and changes nothing', async () => {
    const before = await call<TPayoutDetailsView>(env.app, 'GET', 'profile/payout', { token: w.tokens.g1 });
    const cases: [unknown, string][] = [
      [{ ...bank, accountNumber: '12345' }, ACCOUNT_NUMBER_DIGITS],
      [{ ...bank, accountNumber: '0x10000000000' }, ACCOUNT_NUMBER_DIGITS],
      [{ ...bank, accountNumber: '1e15' }, ACCOUNT_NUMBER_DIGITS],
      [{ ...gcash, mobileNumber: '0917123456' }, MOBILE_NUMBER_FORMAT],
      [{ ...gcash, mobileNumber: '+63917123456\u0000' }, ''],
      [{ ...bank, accountName: 'Аna Cruz' }, 'Use plain letters'],
      [{ ...bank, bank: 'BDO\u0000' }, ''],
      [{ method: 'cash' }, ''],
      [{ method: 'paypal', email: 'аna@example.com' }, ''],
    ];
    for (const [details, message] of cases) {
      const res = await call<{ message: string; fields?: Record<string, string[]> }>(
        env.app,
        'PUT',
        'profile/payout',
        {
          token: w.tokens.g1,
          body: { details, currentPassword: PASSWORD },
        },
      );
      expect(res.status, JSON.stringify(details)).toBe(400);
      if (message) expect(JSON.stringify(res.body)).toContain(message);
    }
    const after = await call<TPayoutDetailsView>(env.app, 'GET', 'profile/payout', { token: w.tokens.g1 });
    expect(after.body).toEqual(before.body);
  });
});
