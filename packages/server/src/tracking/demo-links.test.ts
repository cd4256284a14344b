// A new install's Links page: the demo offices' preferred domains are placeholders, so the links are
// on PUBLIC_URL and open on this server.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TLinkRow } from '@salesdesk/contract';
import { publishChange } from '../common/changes';
import { DEMO_PASSWORD, seedDemo } from '../demo/data';
import { accounts, agentSites, agents } from '../db/schema';
import { login } from '../test/factories';
import { call, isolatedTestEnv, type TestEnv } from '../test/harness';

const PUBLIC_URL = 'http://localhost:4321';
let env: TestEnv;
beforeAll(async () => {
  env = await isolatedTestEnv({ PUBLIC_URL });
  await seedDemo(env.ctx, { scale: 0 });
  // The app started before the data: the click cache reloads on the change, as after any edit.
  await publishChange(env.ctx, 'tracking');
}, 60_000);

describe('links of the demo data', () => {
  it('are on PUBLIC_URL, and a click on one answers 302 to the site', async () => {
    const token = await login(env.app, 'agent01', DEMO_PASSWORD);
    const [site] = await env.ctx.db
      .select({ agentId: agentSites.agentId, siteId: agentSites.siteId })
      .from(agentSites)
      .innerJoin(agents, eq(agents.id, agentSites.agentId))
      .innerJoin(accounts, eq(accounts.id, agents.accountId))
      .where(and(eq(accounts.username, 'agent01'), eq(agentSites.enable, true)));
    const links = await call<TLinkRow[]>(env.app, 'POST', 'links/list', { token, body: site });
    expect(links.status).toBe(200);
    expect(links.body.length).toBeGreaterThan(0);
    for (const row of links.body) expect(row.link.startsWith(`${PUBLIC_URL}/api/links/go/`)).toBe(true);
    const click = await call(env.app, 'GET', links.body[0].link.slice(`${PUBLIC_URL}/api/`.length));
    expect(click.status).toBe(302);
  });
});
