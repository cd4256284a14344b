import { beforeAll, describe, expect, it } from 'vitest';
import { buildAdmin, buildAgent, buildOffice, login } from '../test/factories';
import { call, testEnv, type TestEnv } from '../test/harness';

let env: TestEnv;
beforeAll(async () => {
  env = await testEnv();
});

describe('GET accounts/unapproved/count', () => {
  it('counts unapproved agents for holders of APPROVE_AGENTS', async () => {
    const approver = await login(env.app, (await buildAdmin(env.ctx, { approveAgents: true })).username);
    const before = await call<{ count: number }>(env.app, 'GET', 'accounts/unapproved/count', {
      token: approver,
    });
    await buildAgent(env.ctx, { approved: false });
    const after = await call<{ count: number }>(env.app, 'GET', 'accounts/unapproved/count', {
      token: approver,
    });
    expect(after.status).toBe(200);
    expect(after.body.count).toBe(before.body.count + 1);
  });

  it('is refused to an admin without the permission and to an office', async () => {
    const admin = await login(env.app, (await buildAdmin(env.ctx)).username);
    const office = await login(env.app, (await buildOffice(env.ctx)).username);
    expect((await call(env.app, 'GET', 'accounts/unapproved/count', { token: admin })).status).toBe(403);
    expect((await call(env.app, 'GET', 'accounts/unapproved/count', { token: office })).status).toBe(403);
  });
});
