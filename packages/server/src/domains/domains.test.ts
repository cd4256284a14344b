import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  Role,
  type TLinkRow,
  type TList,
  type TPreferredDomain,
  type TPreferredDomainCompanyOption,
} from '@salesdesk/contract';
import { queryOne, sql } from '../db/client';
import { offices, preferredDomains } from '../db/schema';
import { buildAdmin, buildAgent, buildClickPath, buildOffice, login, uniqueName } from '../test/factories';
import { call, testEnv, type TestEnv } from '../test/harness';

let env: TestEnv;
let superToken: string;
let adminToken: string;
beforeAll(async () => {
  env = await testEnv();
  superToken = await login(env.app, (await buildAdmin(env.ctx, { role: Role.Superadmin })).username);
  adminToken = await login(env.app, (await buildAdmin(env.ctx)).username);
});

type Err = { code?: string; message?: string; data?: Record<string, string[]> };
const host = () => `${uniqueName('d')}.example`;
const create = (body: object, token = superToken) =>
  call<{ id: number } & Err>(env.app, 'PUT', 'preferredDomains', { token, body });
const update = (id: number, body: object, token = superToken) =>
  call<Err>(env.app, 'POST', `preferredDomains/${id}`, { token, body });
const setHidden = (ids: number[], hidden: boolean, token = superToken) =>
  call<Err>(env.app, 'POST', 'preferredDomains/hidden', { token, body: { ids, hidden } });
const read = (id: number) =>
  call<TPreferredDomain & Err>(env.app, 'GET', `preferredDomains/${id}`, { token: superToken });
const domainCount = async () =>
  (await queryOne<{ n: number }>(env.ctx.db, sql`select count(*)::int as n from preferred_domains`))?.n;

async function newDomain(over: object = {}) {
  const domain = `https://${host()}`;
  const res = await create({ domain, description: 'note', ...over });
  expect(res.status).toBe(200);
  return { id: res.body.id, domain };
}

async function activeIds(): Promise<number[]> {
  const rows = await env.ctx.db.select().from(preferredDomains).where(eq(preferredDomains.hidden, false));
  return rows.map((r) => r.id);
}

describe('GET preferredDomains/listWithCompanies and /{id}', () => {
  it('lists domains with the offices using them, paged', async () => {
    const d = await newDomain();
    const b = await buildOffice(env.ctx);
    const a = await buildOffice(env.ctx);
    await env.ctx.db
      .update(offices)
      .set({ officeName: `Zed ${b.username}`, preferredDomainId: d.id })
      .where(eq(offices.id, b.office.id));
    await env.ctx.db
      .update(offices)
      .set({ officeName: `Abe ${a.username}`, preferredDomainId: d.id })
      .where(eq(offices.id, a.office.id));
    const res = await call<TList<TPreferredDomain>>(
      env.app,
      'GET',
      'preferredDomains/listWithCompanies?pageSize=500',
      {
        token: superToken,
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.items.find((r) => r.id === d.id)).toEqual({
      id: d.id,
      domain: d.domain,
      description: 'note',
      hidden: false,
      companies: [`Abe ${a.username}`, `Zed ${b.username}`],
    });
    expect((await read(d.id)).body.companies).toHaveLength(2);
    const one = await call<TList<TPreferredDomain>>(
      env.app,
      'GET',
      'preferredDomains/listWithCompanies?pageSize=1',
      {
        token: superToken,
      },
    );
    expect([one.body.items.length, one.body.total]).toEqual([1, res.body.total]);
  });

  it('listWithCompanyName gives one row per domain and office, for admins', async () => {
    const d = await newDomain();
    const lone = await newDomain();
    const o = await buildOffice(env.ctx);
    await env.ctx.db.update(offices).set({ preferredDomainId: d.id }).where(eq(offices.id, o.office.id));
    const res = await call<TPreferredDomainCompanyOption[]>(
      env.app,
      'GET',
      'preferredDomains/listWithCompanyName',
      {
        token: adminToken,
      },
    );
    expect(res.body.filter((r) => r.id === d.id)).toEqual([
      { id: d.id, domain: d.domain, hidden: false, companyName: o.office.officeName },
    ]);
    expect(res.body.filter((r) => r.id === lone.id)).toEqual([
      { id: lone.id, domain: lone.domain, hidden: false, companyName: null },
    ]);
  });

  it('answers 404 for an unknown id and 400 for a bad one', async () => {
    expect((await read(2147483647)).status).toBe(404);
    for (const id of ['0x10', '1e3', '3000000000', '-1']) {
      const res = await call<Err>(env.app, 'GET', `preferredDomains/${id}`, { token: superToken });
      expect([id, res.status]).toEqual([id, 400]);
    }
  });

  it('the domains pages are for superadmins only; the selectors for admins', async () => {
    const d = await newDomain();
    const o = await buildOffice(env.ctx);
    const g = await buildAgent(env.ctx);
    const officeToken = await login(env.app, o.username);
    const agentToken = await login(env.app, g.username);
    const superOnly: [string, string, object?][] = [
      ['GET', 'preferredDomains/listWithCompanies'],
      ['GET', `preferredDomains/${d.id}`],
      ['PUT', 'preferredDomains', { domain: `https://${host()}` }],
      ['POST', `preferredDomains/${d.id}`, { domain: d.domain }],
      ['POST', 'preferredDomains/hidden', { ids: [d.id], hidden: true }],
    ];
    for (const [method, url, body] of superOnly) {
      for (const token of [adminToken, officeToken, agentToken])
        expect((await call(env.app, method as 'GET', url, { token, body })).status).toBe(403);
      expect((await call(env.app, method as 'GET', url, { body })).status).toBe(401);
    }
    for (const url of ['preferredDomains/list', 'preferredDomains/listWithCompanyName']) {
      expect((await call(env.app, 'GET', url, { token: adminToken })).status).toBe(200);
      expect((await call(env.app, 'GET', url, { token: officeToken })).status).toBe(403);
    }
    expect((await read(d.id)).body).toMatchObject({ description: 'note', hidden: false });
  });
});

describe('PUT and POST preferredDomains', () => {
  it('stores the origin in lower case without a trailing slash or default port', async () => {
    const name = host();
    const res = await create({ domain: ` HTTPS://${name.toUpperCase()}:443/ `, hidden: true });
    expect(res.status).toBe(200);
    expect((await read(res.body.id)).body).toEqual({
      id: res.body.id,
      domain: `https://${name}`,
      description: '',
      hidden: true,
      companies: [],
    });
  });

  it('refuses bad input with a 400 and writes nothing', async () => {
    const before = await domainCount();
    const cases: [object, string][] = [
      [{ domain: 'https://' }, 'Domain is required'],
      [{ domain: '' }, 'Domain is required'],
      [{ domain: 'ftp://a.example' }, 'Enter an http(s) origin such as https://go.example.com'],
      [{ domain: 'https://a.example/path' }, 'Enter an http(s) origin such as https://go.example.com'],
      [{ domain: 'https://a.example?x=1' }, 'Enter an http(s) origin such as https://go.example.com'],
      [{ domain: 'https://u:p@a.example' }, 'Enter an http(s) origin such as https://go.example.com'],
      [{ domain: 'https://a.example:70000' }, 'Enter an http(s) origin such as https://go.example.com'],
      [{ domain: 'go.example.com' }, 'Enter an http(s) origin such as https://go.example.com'],
      [{ domain: `https://${'a'.repeat(250)}.com` }, 'At most 255 characters'],
    ];
    for (const [body, message] of cases) {
      const res = await create(body);
      expect([JSON.stringify(body), res.status, res.body.data?.domain]).toEqual([
        JSON.stringify(body),
        400,
        [message],
      ]);
    }
    for (const body of [
      { domain: `https://${host()}`, description: 'x'.repeat(1001) },
      { domain: `https://${host()}`, hidden: 'yes' },
      { domain: `https://${host()}\u0000` },
      { domain: 5 },
    ])
      expect((await create(body)).status).toBe(400);
    expect(await domainCount()).toBe(before);
  });

  it('refuses a domain that exists; the same create twice at once adds one', async () => {
    const d = await newDomain();
    const again = await create({ domain: d.domain.toUpperCase() });
    expect([again.status, again.body.data]).toEqual([400, { domain: ['This domain already exists'] }]);
    const fresh = `https://${host()}`;
    const answers = await Promise.all([create({ domain: fresh }), create({ domain: fresh })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expect(answers.find((a) => a.status === 400)?.body.data).toEqual({
      domain: ['This domain already exists'],
    });
    const other = await newDomain();
    const clash = await update(other.id, { domain: d.domain });
    expect(clash.body.data).toEqual({ domain: ['This domain already exists'] });
    expect((await read(other.id)).body.domain).toBe(other.domain);
  });

  it('an edit changes the links of the offices using the domain at once', async () => {
    const d = await newDomain();
    const p = await buildClickPath(env.ctx);
    await env.ctx.db.update(offices).set({ preferredDomainId: d.id }).where(eq(offices.id, p.office.id));
    const links = async () =>
      (
        await call<TLinkRow[]>(env.app, 'POST', 'links/list', {
          token: superToken,
          body: { siteId: p.site.id, agentId: p.agent.id },
        })
      ).body.map((l) => l.link);
    const path = `/api/links/go/${p.site.id}/${p.type.id}/${p.agent.id}`;
    expect(await links()).toEqual([`${d.domain}${path}`]);
    const moved = `https://${host()}`;
    expect((await update(d.id, { domain: moved, description: 'moved' })).status).toBe(200);
    expect(await links()).toEqual([`${moved}${path}`]);
    expect((await read(d.id)).body).toMatchObject({ domain: moved, description: 'moved', hidden: false });
  });

  it('answers 404 for an unknown domain', async () => {
    expect((await update(2147483647, { domain: `https://${host()}` })).status).toBe(404);
  });
});

describe('POST preferredDomains/hidden', () => {
  it('hides and activates domains', async () => {
    const a = await newDomain();
    const b = await newDomain();
    expect((await setHidden([a.id, b.id], true)).status).toBe(200);
    expect((await read(a.id)).body.hidden).toBe(true);
    expect((await setHidden([a.id], false)).status).toBe(200);
    expect([(await read(a.id)).body.hidden, (await read(b.id)).body.hidden]).toEqual([false, true]);
  });

  it('refuses to hide every active domain, and changes nothing', async () => {
    const mine = await newDomain();
    const active = await activeIds();
    const res = await setHidden(active, true);
    expect([res.status, res.body.data]).toEqual([400, { _form: ['Need at least one active domain'] }]);
    expect((await activeIds()).sort()).toEqual(active.sort());
    expect((await read(mine.id)).body.hidden).toBe(false);
  });

  it('refuses to hide the last active domain through its form too', async () => {
    const last = await newDomain();
    const others = (await activeIds()).filter((id) => id !== last.id);
    expect((await setHidden(others, true)).status).toBe(200);
    try {
      const res = await update(last.id, { domain: last.domain, hidden: true });
      expect([res.status, res.body.data]).toEqual([400, { _form: ['Need at least one active domain'] }]);
      expect((await read(last.id)).body.hidden).toBe(false);
      // Hiding it once another is active again is fine.
      expect((await setHidden([others[0]], false)).status).toBe(200);
      expect((await update(last.id, { domain: last.domain, hidden: true })).status).toBe(200);
    } finally {
      await setHidden(others, false);
    }
  });

  it('two hides of the last two active domains at once: one is refused', async () => {
    const a = await newDomain();
    const b = await newDomain();
    const others = (await activeIds()).filter((id) => id !== a.id && id !== b.id);
    if (others.length) expect((await setHidden(others, true)).status).toBe(200);
    try {
      const answers = await Promise.all([setHidden([a.id], true), setHidden([b.id], true)]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 400]);
      expect((await activeIds()).filter((id) => id === a.id || id === b.id)).toHaveLength(1);
    } finally {
      if (others.length) await setHidden(others, false);
    }
  });

  it('refuses unknown and bad ids, and changes nothing', async () => {
    const d = await newDomain();
    expect((await setHidden([d.id, 2147483647], true)).status).toBe(404);
    expect((await read(d.id)).body.hidden).toBe(false);
    for (const body of [
      { ids: [], hidden: true },
      { ids: ['1'], hidden: true },
      { ids: [d.id] },
      { ids: [3000000000], hidden: true },
    ])
      expect(
        (await call(env.app, 'POST', 'preferredDomains/hidden', { token: superToken, body })).status,
      ).toBe(400);
  });
});
