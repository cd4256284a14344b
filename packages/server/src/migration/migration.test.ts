import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { Role, type TMigrationResult } from '@salesdesk/contract';
import { encryptSecret } from '../common/crypto';
import { accounts, agentSites, agents, migrationAgents, offices } from '../db/schema';
import {
  buildAdmin,
  buildAgent,
  buildOffice,
  buildSite,
  login,
  tokenFor,
  uniqueName,
} from '../test/factories';
import { call, testEnv, type TestEnv } from '../test/harness';

let env: TestEnv;
let adminToken: string;
beforeAll(async () => {
  env = await testEnv();
  adminToken = await tokenFor(env.ctx, (await buildAdmin(env.ctx)).accountId);
});

/** Agents waiting for migration into `officeName`, as the import would have stored them. */
async function waiting(officeName: string, n: number, password = 'legacy-pw') {
  const rows = Array.from({ length: n }, () => {
    const username = uniqueName('w');
    return {
      username,
      password: encryptSecret(env.ctx.keys, password),
      firstName: 'Old',
      lastName: username,
      email: `${username}@example.com`,
      officeName,
    };
  });
  await env.ctx.db.insert(migrationAgents).values(rows);
  return rows.map((r) => r.username);
}

const count = async (token = adminToken) =>
  (await call<{ count: number }>(env.app, 'GET', 'admins/countToMigrate', { token })).body.count;
const migrate = (token = adminToken) => call<TMigrationResult>(env.app, 'GET', 'accounts/migrate', { token });
const agentsNamed = (names: string[]) =>
  env.ctx.db
    .select({
      username: accounts.username,
      officeId: agents.officeId,
      agentId: agents.id,
      active: agents.active,
    })
    .from(agents)
    .innerJoin(accounts, eq(accounts.id, agents.accountId))
    .where(inArray(accounts.username, names));

describe('GET admins/countToMigrate', () => {
  it('counts the agents waiting, for admins and above', async () => {
    const before = await count();
    await waiting('Nowhere Office', 2);
    expect(await count()).toBe(before + 2);
    const superToken = await tokenFor(
      env.ctx,
      (await buildAdmin(env.ctx, { role: Role.Superadmin })).accountId,
    );
    expect(await count(superToken)).toBe(before + 2);
  });
});

describe('GET accounts/migrate', () => {
  it('creates each waiting agent once, in the office of its name, able to log in with its old password', async () => {
    const { site } = await buildSite(env.ctx);
    const office = await buildOffice(env.ctx, { siteIds: [site.id] });
    // The old server's office names are matched ignoring case and surrounding spaces.
    const names = await waiting(`  ${office.office.officeName.toUpperCase()} `, 3);
    const first = await migrate();
    expect(first.status).toBe(200);
    expect(first.body.migrated).toBeGreaterThanOrEqual(3);
    const created = await agentsNamed(names);
    expect(created).toHaveLength(3);
    expect(created.every((a) => a.officeId === office.office.id && a.active)).toBe(true);
    const sites = await env.ctx.db
      .select()
      .from(agentSites)
      .where(eq(agentSites.agentId, created[0].agentId));
    expect(sites).toEqual([{ agentId: created[0].agentId, siteId: site.id, enable: true }]);
    await login(env.app, names[0], 'legacy-pw');
    const rows = await env.ctx.db
      .select()
      .from(migrationAgents)
      .where(inArray(migrationAgents.username, names));
    expect(rows.map((r) => r.migratedAgentId).sort()).toEqual(created.map((a) => a.agentId).sort());

    const second = await migrate();
    expect(second.body.migrated).toBe(0);
    expect(await agentsNamed(names)).toHaveLength(3);
  });

  it('skips and reports an unknown office, a taken username and an unreadable password; the rest go on', async () => {
    const office = await buildOffice(env.ctx);
    const [unknown] = await waiting('No Such Office Here', 1);
    const taken = (await buildAgent(env.ctx)).username;
    await env.ctx.db.insert(migrationAgents).values([
      {
        username: taken,
        password: encryptSecret(env.ctx.keys, 'pw'),
        firstName: 'A',
        lastName: 'B',
        officeName: office.office.officeName,
      },
      {
        username: uniqueName('w'),
        password: 'not-a-secret',
        firstName: 'A',
        lastName: 'B',
        officeName: office.office.officeName,
      },
    ]);
    const [good] = await waiting(office.office.officeName, 1);
    const res = await migrate();
    expect(res.status).toBe(200);
    const reasons = Object.fromEntries(res.body.skipped.map((s) => [s.username, s.reason]));
    expect(reasons[unknown]).toBe('No office is named "No Such Office Here"');
    expect(reasons[taken]).toBe('This username is already taken');
    expect(Object.values(reasons)).toContain(
      'The password cannot be read (imported with another SECRET_KEY)',
    );
    expect(await agentsNamed([good])).toHaveLength(1);
    expect(await agentsNamed([unknown])).toHaveLength(0);
    // The skipped rows keep waiting.
    expect(await count()).toBeGreaterThanOrEqual(3);
  });

  it('puts an agent of a suspended office in suspended, like the office', async () => {
    const office = await buildOffice(env.ctx);
    await env.ctx.db.update(offices).set({ active: false }).where(eq(offices.id, office.office.id));
    const [name] = await waiting(office.office.officeName, 1);
    await migrate();
    const [agent] = await agentsNamed([name]);
    expect(agent.active).toBe(false);
    await expect(login(env.app, name, 'legacy-pw')).rejects.toThrow();
  });

  it('run twice at once creates every agent once', async () => {
    const office = await buildOffice(env.ctx);
    const names = await waiting(office.office.officeName, 4);
    const [a, b] = await Promise.all([migrate(), migrate()]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await agentsNamed(names)).toHaveLength(4);
    const again = await env.ctx.db.select().from(accounts).where(inArray(accounts.username, names));
    expect(again).toHaveLength(4);
  });

  it('is refused to offices, agents and nobody, migrating nothing', async () => {
    const office = await buildOffice(env.ctx);
    const [name] = await waiting(office.office.officeName, 1);
    const agent = await buildAgent(env.ctx, { officeId: office.office.id });
    for (const accountId of [office.accountId, agent.accountId]) {
      const token = await tokenFor(env.ctx, accountId);
      expect((await migrate(token)).status).toBe(403);
      expect((await call(env.app, 'GET', 'admins/countToMigrate', { token })).status).toBe(403);
    }
    expect((await call(env.app, 'GET', 'accounts/migrate')).status).toBe(401);
    expect(await agentsNamed([name])).toHaveLength(0);
  });
});
