import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { LINK_NOT_FOUND, Role, type TLinkTranslation } from '@salesdesk/contract';
import { agents, linkTypes, sites } from '../db/schema';
import { buildAdmin, buildClickPath, buildSite, tokenFor } from '../test/factories';
import { call, testEnv, type TestEnv } from '../test/harness';

let env: TestEnv;
let adminToken: string;
let superToken: string;
beforeAll(async () => {
  env = await testEnv();
  adminToken = await tokenFor(env.ctx, (await buildAdmin(env.ctx)).accountId);
  superToken = await tokenFor(env.ctx, (await buildAdmin(env.ctx, { role: Role.Superadmin })).accountId);
});

type Res = { status: number; body: TLinkTranslation & { code?: string; message?: string } };
const query = (q: Record<string, string | number>) =>
  Object.entries(q)
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
    .join('&');
const translate = (token: string, q: Record<string, string | number>): Promise<Res> =>
  call(env.app, 'GET', `links/translate?${query(q)}`, { token });
const ids = (p: Awaited<ReturnType<typeof buildClickPath>>) => ({
  siteId: p.site.id,
  typeId: p.type.id,
  agentId: p.agent.id,
});

describe('GET links/translate', () => {
  it("answers the agent's office, name and email and the site's name and url to admins and above", async () => {
    const p = await buildClickPath(env.ctx);
    const want = {
      officeName: p.office.officeName,
      agentName: p.agentUsername,
      agentEmail: `${p.agentUsername}@example.com`,
      siteName: p.site.sitename,
      siteUrl: p.site.url,
    };
    for (const token of [adminToken, superToken]) {
      const res = await translate(token, ids(p));
      expect(res.status).toBe(200);
      expect(res.body).toEqual(want);
    }
  });

  it("falls back to the account's email, and shows a suspended site or agent (the link still names them)", async () => {
    const p = await buildClickPath(env.ctx);
    await env.ctx.db.update(agents).set({ email: null, active: false }).where(eq(agents.id, p.agent.id));
    await env.ctx.db.update(sites).set({ status: false }).where(eq(sites.id, p.site.id));
    const res = await translate(adminToken, ids(p));
    expect(res.status).toBe(200);
    expect(res.body.agentEmail).toBe(`${p.agentUsername}@example.com`);
  });

  it('answers 404 with a note when the agent, site or type is unknown, deleted or does not match', async () => {
    const p = await buildClickPath(env.ctx);
    const other = await buildSite(env.ctx);
    const cases = [
      { ...ids(p), agentId: 2_000_000_000 },
      { ...ids(p), siteId: 2_000_000_000 },
      { ...ids(p), typeId: 2_000_000_000 },
      { ...ids(p), typeId: other.type.id },
      { ...ids(p), siteId: other.site.id },
    ];
    for (const q of cases) {
      const res = await translate(adminToken, q);
      expect(res.status, JSON.stringify(q)).toBe(404);
      expect(res.body.message).toBe(LINK_NOT_FOUND);
    }
    await env.ctx.db.update(linkTypes).set({ deletedAt: new Date() }).where(eq(linkTypes.id, p.type.id));
    expect((await translate(adminToken, ids(p))).status).toBe(404);
    const q = await buildClickPath(env.ctx);
    await env.ctx.db.update(sites).set({ deletedAt: new Date() }).where(eq(sites.id, q.site.id));
    expect((await translate(adminToken, ids(q))).status).toBe(404);
  });

  it('is refused to offices and agents (403) and to nobody (401), before validation', async () => {
    const p = await buildClickPath(env.ctx);
    for (const accountId of [p.office.accountId, p.agentAccountId]) {
      const token = await tokenFor(env.ctx, accountId);
      expect((await translate(token, ids(p))).status).toBe(403);
      expect((await translate(token, { siteId: '0x10' })).status).toBe(403);
    }
    expect((await translate('', ids(p))).status).toBe(401);
  });

  it('refuses bad ids with a validation error', async () => {
    const p = await buildClickPath(env.ctx);
    for (const bad of ['3000000000', '0x10', '1e3', '0', '-1', '1.5', ' 1', '']) {
      for (const key of ['siteId', 'typeId', 'agentId'] as const) {
        const res = await translate(adminToken, { ...ids(p), [key]: bad });
        expect(res.status, `${key}=${bad}`).toBe(400);
        expect(res.body.code).toBe('VALIDATION_ERROR');
      }
    }
    expect((await translate(adminToken, { siteId: p.site.id, agentId: p.agent.id })).status).toBe(400);
    expect((await translate(adminToken, { ...ids(p), siteId: '1\u0000' })).status).toBe(400);
  });
});
