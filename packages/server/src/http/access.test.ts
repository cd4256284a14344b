import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { testEnv } from '../test/harness';
import { Permission, Role } from '@salesdesk/contract';
import { admits, enforceAccess, permission, PUBLIC } from './access';

describe('declared access', () => {
  it('refuses to start when a route declares no access', async () => {
    const { ctx } = await testEnv();
    const app = Fastify();
    const starting = app.register(async (api) => {
      enforceAccess(api, ctx);
      api.get('/declared', { config: { access: PUBLIC } }, async () => 'ok');
      api.get('/undeclared', async () => 'oops');
    });
    await expect(starting).rejects.toThrow(/GET \/undeclared declares no access/);
  });
});

describe('admits', () => {
  const earning = [Permission.EarningVisible];
  it('a permission with a lowest role: the role and the permission are both needed', () => {
    const access = permission(Permission.EarningVisible, Role.Admin);
    expect(admits(access, { role: Role.Admin, permissions: earning })).toBe(true);
    expect(admits(access, { role: Role.Superadmin, permissions: earning })).toBe(true);
    expect(admits(access, { role: Role.Admin, permissions: [] })).toBe(false);
    // An office or agent account holding the flag is still refused.
    expect(admits(access, { role: Role.Company, permissions: earning })).toBe(false);
    expect(admits(access, { role: Role.Agent, permissions: earning })).toBe(false);
  });

  it('a permission alone admits whoever holds it', () => {
    expect(admits(permission(Permission.EarningVisible), { role: Role.Company, permissions: earning })).toBe(
      true,
    );
  });
});
