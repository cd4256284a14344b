// The demo's audit rows: what the Audit Log tab shows on a new install, to a superadmin and to an admin.
import { beforeAll, describe, expect, it } from 'vitest';
import type { TAuditLogRow, TList } from '@salesdesk/contract';
import { DEMO_PASSWORD, seedDemo } from './data';
import { login } from '../test/factories';
import { call, isolatedTestEnv, type TestEnv } from '../test/harness';

let env: TestEnv;
beforeAll(async () => {
  env = await isolatedTestEnv();
  await seedDemo(env.ctx, { scale: 0 });
}, 60_000);

const rows = async (username: string) => {
  const token = await login(env.app, username, DEMO_PASSWORD);
  const res = await call<TList<TAuditLogRow>>(env.app, 'POST', 'audit-logs', { token, body: {} });
  expect(res.status).toBe(200);
  // The demo's own rows: the logins above are recorded too.
  return res.body.items.filter(
    (r) => !(r.detail === 'signed in' && Date.now() - Date.parse(r.time) < 60_000),
  );
};

describe('demo audit log', () => {
  it('shows a superadmin every kind of row, with a custom rate before and after and a token only as changed', async () => {
    const all = await rows('super');
    expect(all.map((r) => r.action)).toEqual([
      'POST /api/auth/login-remote',
      'POST /api/agents/status',
      'POST /api/auth/login',
      'POST /api/auth/login',
      'POST /api/options',
      'POST /api/sites/:id/postbackToken',
      'POST /api/companies/fees',
      'POST /api/auth/login',
    ]);
    expect(all[0]).toMatchObject({ username: 'office1', impersonator: 'admin', targetType: 'office' });
    expect(all[3]).toMatchObject({
      username: 'agent0l',
      accountId: null,
      detail: expect.stringMatching(/refused/),
    });
    const rate = all[6].changes[0];
    expect(rate.fields).toEqual([
      {
        name: 'payout',
        label: 'Payout',
        before: '170.00',
        after: '180.00',
        beforeText: '₱170',
        afterText: '₱180',
      },
    ]);
    expect(all[5].changes[0].fields).toEqual([
      {
        name: 'postback_token',
        label: 'Postback token',
        before: null,
        after: '(changed)',
        beforeText: null,
        afterText: 'changed',
      },
    ]);
    // Each says what happened as a person would.
    const words = all.map((r) => r.description);
    expect(words[0]).toBe('Signed in');
    expect(words[1]).toBe('Changed agent agent26: Status Activated → Suspended');
    expect(words[3]).toBe('Sign-in refused: Wrong username or password');
    expect(words[4]).toBe('Changed system options: Fraud self referral Off → Flag only');
    expect(words[5]).toMatch(/^Renewed the postback token of site \S+/);
    expect(words[6]).toMatch(/^Changed custom rate .+: Payout ₱170 → ₱180$/);
    for (const w of words) expect(w).not.toMatch(/\/api\/|\b[a-z]+_[a-z_]+\b/);
  });

  it('shows an admin the rows about agents, offices, sites and money only', async () => {
    const seen = await rows('admin');
    expect(seen.map((r) => r.targetType)).toEqual(['office', 'agent', 'agent', 'site', 'custom-rate']);
  });
});
