import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { Role, type TCompanyFeeRow, type TList } from '@salesdesk/contract';
import { queryRows, sql } from '../db/client';
import { linkTypes, officeFees } from '../db/schema';
import { buildAdmin, buildAgent, buildClickPath, buildOffice, buildSite, login } from '../test/factories';
import { call, testEnv, type TestEnv } from '../test/harness';

let env: TestEnv;
let superToken: string;
beforeAll(async () => {
  env = await testEnv();
  superToken = await login(env.app, (await buildAdmin(env.ctx, { role: Role.Superadmin })).username);
});

type Err = { code: string; data?: Record<string, string[]> };
const list = (query: string, token = superToken) =>
  call<TList<TCompanyFeeRow> & Err>(env.app, 'GET', `companies/fees?${query}`, { token });
const save = (body: object, token = superToken) =>
  call<TCompanyFeeRow & Err>(env.app, 'POST', 'companies/fees', { token, body });

/** The office's row for the type, paging through every office (the test database is shared). */
async function rowOf(typeId: number, officeId: number): Promise<TCompanyFeeRow | undefined> {
  for (let page = 1; ; page++) {
    const res = await list(`typeId=${typeId}&page=${page}&pageSize=500`);
    expect(res.status).toBe(200);
    const row = res.body.items.find((r) => r.companyId === officeId);
    if (row || res.body.items.length < 500) return row;
  }
}

const feesOf = (typeId: number) =>
  queryRows<Record<string, unknown>>(
    env.ctx.db,
    sql`select office_id, enable, payout::text, earning::text, lpp, bonus_payout::text, bonus_earning::text, bonus_lpp
        from office_fees where type_id = ${typeId} order by office_id`,
  );

const custom = (typeId: number, companyId: number, over: object = {}) => ({
  typeId,
  companyId,
  enable: true,
  payout: '180.50',
  earning: '28.25',
  lpp: 3,
  bonusPayout: '90.00',
  bonusEarning: '14.10',
  bonusLpp: 2,
  ...over,
});

describe('GET companies/fees', () => {
  it("lists every office with the type's defaults until it has a custom rate", async () => {
    const { site, type } = await buildSite(env.ctx);
    const { office } = await buildOffice(env.ctx);
    const row = await rowOf(type.id, office.id);
    const defaults = {
      payout: '100.00',
      earning: '10.00',
      lpp: 1,
      bonusPayout: '0.00',
      bonusEarning: '0.00',
      bonusLpp: 1,
    };
    expect(row).toEqual({
      typeId: type.id,
      companyId: office.id,
      officeName: office.officeName,
      enable: false,
      ...defaults,
      defaults,
    });
    const bySite = await list(`siteId=${site.id}&typeId=${type.id}&pageSize=1`);
    expect(bySite.body.items).toHaveLength(1);
    expect(bySite.body.total).toBeGreaterThanOrEqual(1);
  });

  it('sorts by office name and pages on the server', async () => {
    const { type } = await buildSite(env.ctx);
    await buildOffice(env.ctx);
    await buildOffice(env.ctx);
    const all = await list(`typeId=${type.id}&pageSize=500`);
    const names = all.body.items.map((r) => r.officeName.toLowerCase());
    expect(names).toEqual([...names].sort());
    const desc = await list(`typeId=${type.id}&pageSize=2&sortField=officeName&sortAsc=false`);
    expect(desc.body.items).toHaveLength(2);
    expect(desc.body.total).toBe(all.body.total);
  });

  it('answers 404 for an unknown or deleted type, or a type of another site', async () => {
    const a = await buildSite(env.ctx);
    const b = await buildSite(env.ctx);
    expect((await list(`siteId=${b.site.id}&typeId=${a.type.id}`)).status).toBe(404);
    expect((await list('typeId=2147483647')).status).toBe(404);
    await env.ctx.db.update(linkTypes).set({ deletedAt: new Date() }).where(eq(linkTypes.id, a.type.id));
    expect((await list(`typeId=${a.type.id}`)).status).toBe(404);
  });

  it('refuses bad ids with a 400', async () => {
    for (const q of [
      '',
      'typeId=0x10',
      'typeId=1e3',
      'typeId=3000000000',
      'typeId=-1',
      'typeId=1&siteId=abc',
    ]) {
      const res = await list(q);
      expect([q, res.status, res.body.code]).toEqual([q, 400, 'VALIDATION_ERROR']);
    }
  });

  it('is for superadmins only', async () => {
    const { type } = await buildSite(env.ctx);
    const admin = await login(env.app, (await buildAdmin(env.ctx)).username);
    const office = await buildOffice(env.ctx);
    const agent = await buildAgent(env.ctx);
    expect((await list(`typeId=${type.id}`, admin)).status).toBe(403);
    expect((await list(`typeId=${type.id}`, await login(env.app, office.username))).status).toBe(403);
    expect((await list(`typeId=${type.id}`, await login(env.app, agent.username))).status).toBe(403);
    expect((await list(`typeId=${type.id}`, '')).status).toBe(401);
  });
});

describe('POST companies/fees', () => {
  it("saves an office's row, then changes it in place", async () => {
    const { type } = await buildSite(env.ctx);
    const { office } = await buildOffice(env.ctx);
    const first = await save(custom(type.id, office.id));
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      enable: true,
      payout: '180.50',
      lpp: 3,
      defaults: { payout: '100.00' },
    });
    const off = await save(custom(type.id, office.id, { enable: false, payout: 200 }));
    expect(off.body).toMatchObject({ enable: false, payout: '200.00' });
    expect(await feesOf(type.id)).toEqual([
      {
        office_id: office.id,
        enable: false,
        payout: '200.00',
        earning: '28.25',
        lpp: 3,
        bonus_payout: '90.00',
        bonus_earning: '14.10',
        bonus_lpp: 2,
      },
    ]);
  });

  it('refuses bad input with a 400 and writes nothing', async () => {
    const { type } = await buildSite(env.ctx);
    const { office } = await buildOffice(env.ctx);
    const bad: [object, string][] = [
      [{ payout: '-1' }, 'payout'],
      [{ earning: '1.234' }, 'earning'],
      [{ bonusPayout: '1e3' }, 'bonusPayout'],
      [{ bonusEarning: '0x10' }, 'bonusEarning'],
      [{ payout: '12345678901' }, 'payout'],
      [{ lpp: -1 }, 'lpp'],
      [{ lpp: 1.5 }, 'lpp'],
      [{ bonusLpp: 3000000000 }, 'bonusLpp'],
      [{ enable: 'yes' }, 'enable'],
      [{ typeId: '1' }, 'typeId'],
      [{ companyId: 3000000000 }, 'companyId'],
      [{ payout: 'a\u0000' }, '_form'],
    ];
    for (const [over, field] of bad) {
      const res = await save(custom(type.id, office.id, over));
      expect([JSON.stringify(over), res.status, res.body.code]).toEqual([
        JSON.stringify(over),
        400,
        'VALIDATION_ERROR',
      ]);
      if (field !== '_form') expect(Object.keys(res.body.data ?? {})).toContain(field);
    }
    const unknown = await save(custom(2147483647, 2147483646));
    expect(unknown.status).toBe(400);
    expect(Object.keys(unknown.body.data ?? {}).sort()).toEqual(['companyId', 'typeId']);
    const deleted = await buildSite(env.ctx);
    await env.ctx.db
      .update(linkTypes)
      .set({ deletedAt: new Date() })
      .where(eq(linkTypes.id, deleted.type.id));
    expect((await save(custom(deleted.type.id, office.id))).body.data).toHaveProperty('typeId');
    expect(await feesOf(type.id)).toEqual([]);
    expect(await feesOf(deleted.type.id)).toEqual([]);
  });

  it('the same save twice at once leaves one row', async () => {
    const { type } = await buildSite(env.ctx);
    const { office } = await buildOffice(env.ctx);
    const answers = await Promise.all([save(custom(type.id, office.id)), save(custom(type.id, office.id))]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(await feesOf(type.id)).toHaveLength(1);
  });

  it('is for superadmins only', async () => {
    const { type } = await buildSite(env.ctx);
    const o = await buildOffice(env.ctx);
    const admin = await login(env.app, (await buildAdmin(env.ctx)).username);
    const officeToken = await login(env.app, o.username);
    expect((await save(custom(type.id, o.office.id), admin)).status).toBe(403);
    expect((await save(custom(type.id, o.office.id), officeToken)).status).toBe(403);
    expect((await save(custom(type.id, o.office.id), '')).status).toBe(401);
    expect(await env.ctx.db.select().from(officeFees).where(eq(officeFees.typeId, type.id))).toEqual([]);
  });
});

describe('custom rates and sales', () => {
  const click = async (p: Awaited<ReturnType<typeof buildClickPath>>) => {
    const res = await call(env.app, 'GET', `links/go/${p.site.id}/${p.type.id}/${p.agent.id}`, {
      ip: '10.7.0.1',
    });
    expect(res.status).toBe(302);
    return new URL(res.res.headers.location as string).searchParams.get('clickid');
  };
  const postback = async (p: Awaited<ReturnType<typeof buildClickPath>>, event: string, txId: string) => {
    const clickId = await click(p);
    const q = `token=${p.site.postbackToken}&clickId=${clickId}&event=${event}&txId=${txId}`;
    const res = await call(env.app, 'GET', `postback/${p.site.id}?${q}`);
    expect(res.status).toBe(200);
  };
  const salesOf = (siteId: number) =>
    queryRows<{ tx_id: string; payout: string; earning: string; lpp: number }>(
      env.ctx.db,
      sql`select tx_id, payout::text, earning::text, lpp from sales where site_id = ${siteId} order by id`,
    );

  it('the next sale takes a saved rate at once; recorded sales keep their amounts', async () => {
    const p = await buildClickPath(env.ctx);
    await postback(p, 'sale', 'before');
    expect((await save(custom(p.type.id, p.office.id))).status).toBe(200);
    await postback(p, 'sale', 'after');
    await postback(p, 'bonus', 'bonus');
    expect((await save(custom(p.type.id, p.office.id, { enable: false }))).status).toBe(200);
    await postback(p, 'sale', 'off');
    expect(await salesOf(p.site.id)).toEqual([
      { tx_id: 'before', payout: '100.00', earning: '10.00', lpp: 1 },
      { tx_id: 'after', payout: '180.50', earning: '28.25', lpp: 3 },
      { tx_id: 'bonus', payout: '90.00', earning: '14.10', lpp: 2 },
      { tx_id: 'off', payout: '100.00', earning: '10.00', lpp: 1 },
    ]);
  });

  it("another office's custom rate does not touch this office's sales", async () => {
    const p = await buildClickPath(env.ctx);
    const other = await buildOffice(env.ctx, { siteIds: [p.site.id] });
    await save(custom(p.type.id, other.office.id, { payout: '999.00' }));
    await postback(p, 'sale', 'mine');
    expect((await salesOf(p.site.id))[0]).toMatchObject({ payout: '100.00' });
  });
});
