import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { badIpLine, IP_LIST_REQUIRED, Role, type TBlackListIp, type TList } from '@salesdesk/contract';
import { IP_REFUSED } from '../auth/service';
import { queryRows, sql } from '../db/client';
import { blackListIps } from '../db/schema';
import { flushClicks } from '../tracking/service';
import {
  buildAdmin,
  buildAgent,
  buildClickPath,
  buildOffice,
  login,
  PASSWORD,
  tokenFor,
} from '../test/factories';
import { call, testEnv, type TestEnv } from '../test/harness';

let env: TestEnv;
let adminToken: string;
beforeAll(async () => {
  env = await testEnv();
  adminToken = await login(env.app, (await buildAdmin(env.ctx)).username);
});

type Err = { code: string; data: Record<string, string[]> };
let n = 0;
/** A fresh prefix per test in a range no other test file uses, so searches see only that test's rows. */
const prefix = () => `198.18.${(n += 1)}.`;

const add = (ips: string[], token = adminToken) =>
  call<{ added: number } & Err>(env.app, 'PUT', 'black-list-ip', { token, body: { ips } });
const removeValues = (ips: string[], token = adminToken) =>
  call<{ deleted: number } & Err>(env.app, 'POST', 'black-list-ip/delete-by-value', { token, body: { ips } });
const search = (body: object, token = adminToken) =>
  call<TList<TBlackListIp>>(env.app, 'POST', 'black-list-ip/search', { token, body });
const like = (value: string) => ({ criteria: [{ field: 'ip', value, operator: 'LIKE' }] });
const stored = async (ips: string[]) =>
  (await env.ctx.db.select().from(blackListIps).where(inArray(blackListIps.ip, ips))).map((r) => r.ip).sort();

describe('PUT black-list-ip', () => {
  it('adds every line trimmed, skips blanks and duplicates, canonicalises IPv6', async () => {
    const p = prefix();
    const res = await add([`  ${p}1 `, '', `${p}2`, `${p}1`, '2001:DB8::00A1', '\t']);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ added: 3 });
    expect(await stored([`${p}1`, `${p}2`, '2001:db8::a1'])).toHaveLength(3);
    const again = await add([`${p}2`, `${p}3`]);
    expect(again.body).toEqual({ added: 1 });
  });

  it('names every bad line by number and text and adds nothing of that list', async () => {
    const p = prefix();
    const longZone = `fe80::1%${'z'.repeat(80)}`;
    const res = await add([
      `${p}1`,
      'not-an-ip',
      '',
      '256.1.1.1',
      `${p}2; drop table x`,
      '0x10.0.0.1',
      longZone,
    ]);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect(res.body.data.ips).toEqual([
      badIpLine(2, 'not-an-ip'),
      badIpLine(4, '256.1.1.1'),
      badIpLine(5, `${p}2; drop table x`),
      badIpLine(6, '0x10.0.0.1'),
      badIpLine(7, longZone),
    ]);
    expect(await stored([`${p}1`])).toEqual([]);
  });

  it('refuses an empty list, a non-list and overlong lines; caps the named lines', async () => {
    for (const body of [{ ips: [] }, { ips: ['', '  '] }, { ips: 'x' }, { ips: ['1'.repeat(300)] }, {}]) {
      const res = await call<Err>(env.app, 'PUT', 'black-list-ip', { token: adminToken, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await add(['', ' '])).body.data.ips).toEqual([IP_LIST_REQUIRED]);
    const many = await add(Array.from({ length: 30 }, (_, i) => `bad${i}`));
    expect(many.body.data.ips).toHaveLength(21);
    expect(many.body.data.ips[20]).toBe('and 10 more lines');
  });

  it('adds the same list twice at once: both answer 200, each address stored once', async () => {
    const p = prefix();
    const ips = [`${p}1`, `${p}2`];
    const [a, b] = await Promise.all([add(ips), add(ips)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.added + b.body.added).toBe(2);
    expect(await stored(ips)).toEqual(ips.sort());
  });
});

describe('POST black-list-ip/search', () => {
  it('pages by id ascending by default and searches a part of the IP literally', async () => {
    const p = prefix();
    await add([`${p}3`, `${p}1`, `${p}2`]);
    const page1 = await search({ ...like(p), pageSize: 2 });
    expect(page1.status).toBe(200);
    expect(page1.body.total).toBe(3);
    expect(page1.body.items.map((r) => r.ip)).toEqual([`${p}3`, `${p}1`]);
    const page2 = await search({ ...like(p), pageSize: 2, page: 2 });
    expect(page2.body.items.map((r) => r.ip)).toEqual([`${p}2`]);
    const byIp = await search({ ...like(p), sortField: 'ip', sortAsc: false });
    expect(byIp.body.items.map((r) => r.ip)).toEqual([`${p}3`, `${p}2`, `${p}1`]);
    expect((await search(like('198.18.%.'))).body.total).toBe(0);
    expect((await search({ sortField: 'username' })).status).toBe(400);
    expect((await search({ criteria: [{ field: 'id', value: '1' }] })).status).toBe(400);
  });
});

describe('DELETE black-list-ip/{id} and POST black-list-ip/delete-by-value', () => {
  it('deletes one row by id, then answers 404 for it; refuses bad ids', async () => {
    const p = prefix();
    await add([`${p}1`]);
    const [row] = (await search(like(`${p}1`))).body.items;
    const del = await call(env.app, 'DELETE', `black-list-ip/${row.id}`, { token: adminToken });
    expect(del.status).toBe(200);
    expect(await stored([`${p}1`])).toEqual([]);
    expect((await call(env.app, 'DELETE', `black-list-ip/${row.id}`, { token: adminToken })).status).toBe(
      404,
    );
    for (const bad of ['3000000000', '0x10', '1e3', '-1'])
      expect((await call(env.app, 'DELETE', `black-list-ip/${bad}`, { token: adminToken })).status).toBe(400);
  });

  it('deletes the listed values (trimmed, IPv6 in any spelling) and nothing else', async () => {
    const p = prefix();
    await add([`${p}1`, `${p}2`, `${p}3`, '2001:db8::b7']);
    const res = await removeValues([` ${p}1`, '', `${p}3 `, '2001:0DB8:0::00b7', 'junk']);
    expect(res.body).toEqual({ deleted: 3 });
    expect(await stored([`${p}1`, `${p}2`, `${p}3`, '2001:db8::b7'])).toEqual([`${p}2`]);
    expect((await removeValues([])).status).toBe(400);
  });

  it('is refused to offices and agents (and to nobody signed in), changing nothing', async () => {
    const p = prefix();
    await add([`${p}1`]);
    const agent = await buildAgent(env.ctx);
    const office = await buildOffice(env.ctx);
    const tokens = [await tokenFor(env.ctx, agent.accountId), await tokenFor(env.ctx, office.accountId)];
    for (const token of [...tokens, '']) {
      const want = token ? 403 : 401;
      expect((await add([`${p}9`], token)).status).toBe(want);
      expect((await removeValues([`${p}1`], token)).status).toBe(want);
      expect((await search({}, token)).status).toBe(want);
    }
    expect(await stored([`${p}1`, `${p}9`])).toEqual([`${p}1`]);
  });
});

describe('a black-list change takes effect at once', () => {
  async function clickFrom(path: Awaited<ReturnType<typeof buildClickPath>>, ip: string) {
    const url = `links/go/${path.site.id}/${path.type.id}/${path.agent.id}`;
    expect((await call(env.app, 'GET', url, { ip })).status).toBe(302);
    await flushClicks(env.ctx);
    const rows = await queryRows<{ is_unique: boolean }>(
      env.ctx.db,
      sql`select is_unique from clicks where agent_id = ${path.agent.id} order by id desc limit 1`,
    );
    return rows[0].is_unique;
  }

  it('a listed IP never clicks unique; removed by value it does again', async () => {
    const path = await buildClickPath(env.ctx);
    const ip = `${prefix()}7`;
    expect((await add([ip])).status).toBe(200);
    expect(await clickFrom(path, ip)).toBe(false);
    expect((await removeValues([ip])).body.deleted).toBe(1);
    expect(await clickFrom(path, ip)).toBe(true);
  });

  it('removed by id, a listed IP clicks unique at once', async () => {
    const path = await buildClickPath(env.ctx);
    const ip = `${prefix()}6`;
    await add([ip]);
    expect(await clickFrom(path, ip)).toBe(false);
    const [row] = (await search(like(ip))).body.items;
    expect((await call(env.app, 'DELETE', `black-list-ip/${row.id}`, { token: adminToken })).status).toBe(
      200,
    );
    expect(await clickFrom(path, ip)).toBe(true);
  });

  it('login refuses a listed IP at once, and takes it again once removed', async () => {
    const agent = await buildAgent(env.ctx);
    const ip = `${prefix()}8`;
    await add([ip]);
    const body = { username: agent.username, password: PASSWORD };
    const refused = await call<Err>(env.app, 'POST', 'auth/login', { body, ip });
    expect(refused.status).toBe(400);
    expect(refused.body.data._form).toEqual([IP_REFUSED]);
    await removeValues([ip]);
    expect((await call(env.app, 'POST', 'auth/login', { body, ip })).status).toBe(200);
  });
});

describe('superadmin', () => {
  it('may use the black list too', async () => {
    const superToken = await login(env.app, (await buildAdmin(env.ctx, { role: Role.Superadmin })).username);
    const p = prefix();
    expect((await add([`${p}1`], superToken)).status).toBe(200);
    const [row] = await env.ctx.db
      .select()
      .from(blackListIps)
      .where(eq(blackListIps.ip, `${p}1`));
    expect(row).toBeDefined();
  });
});
