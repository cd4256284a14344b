// Deleting an agent: only a superadmin with the special flag; everything about the agent goes, reports still add up.
import { beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@salesdesk/contract';
import { queryOne, sql } from '../db/client';
import { chatLogs } from '../db/schema';
import { recordSale } from '../postback/service';
import { publishChange } from '../common/changes';
import { countRollupMismatches } from '../rollups/rebuild';
import { buildAdmin, buildAgent, buildClickPath, buildOffice, login, tokenFor } from '../test/factories';
import { call, testEnv, type TestEnv } from '../test/harness';
import { flushClicks, recordClick } from '../tracking/service';

let env: TestEnv;
let deleterToken: string;
beforeAll(async () => {
  env = await testEnv();
  const deleter = await buildAdmin(env.ctx, { role: Role.Superadmin, canDelete: true });
  deleterToken = await tokenFor(env.ctx, deleter.accountId);
});

const remove = (token: string, id: number | string) => call(env.app, 'DELETE', `agents/${id}`, { token });

/** Clicks from two IPs on two days for the agent; every second click sells, every third is a bonus. */
async function trafficFor(path: Awaited<ReturnType<typeof buildClickPath>>, agentId: number, tag: string) {
  let n = 0;
  for (const day of ['2026-02-03T15:00:00Z', '2026-02-04T15:00:00Z']) {
    for (const ip of ['10.30.0.1', '10.30.0.2', '10.30.0.1']) {
      const time = new Date(day);
      const click = await recordClick(env.ctx, {
        siteId: path.site.id,
        typeId: path.type.id,
        agentId,
        ip,
        time,
      });
      if (!click) throw new Error('click refused');
      n += 1;
      if (n % 2 === 0 || n % 3 === 0) {
        const event = n % 3 === 0 ? 'bonus' : 'sale';
        await recordSale(env.ctx, {
          siteId: path.site.id,
          clickId: click.clickId,
          event,
          txId: `${tag}${n}`,
          date: time,
        });
      }
    }
  }
  await flushClicks(env.ctx);
}

type Sums = { raws: number; sales: number; earn: string; payout: string };
const rolledUp = (officeId: number) =>
  queryOne<Sums>(
    env.ctx.db,
    sql`select coalesce(sum(raws), 0)::int as raws, coalesce(sum(sales + bonus_sales), 0)::int as sales,
               coalesce(sum(earn + bonus_earn), 0)::text as earn, coalesce(sum(payout + bonus_payout), 0)::text as payout
        from stats_daily where office_id = ${officeId}`,
  );
const raw = (officeId: number) =>
  queryOne<Sums>(
    env.ctx.db,
    sql`select (select count(*)::int from clicks where office_id = ${officeId}) as raws,
               count(*)::int as sales, coalesce(sum(earning), 0)::text as earn, coalesce(sum(payout), 0)::text as payout
        from sales where office_id = ${officeId}`,
  );
const countOf = async (table: string, column: string, id: number) =>
  (await queryOne<{ n: number }>(
    env.ctx.db,
    sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)} = ${id}`,
  ))!.n;

describe('DELETE agents/{id}', () => {
  it('removes the agent with its clicks, sales, rollups and logs; the office totals equal the raw rows', async () => {
    const path = await buildClickPath(env.ctx);
    const keep = await buildAgent(env.ctx, { officeId: path.office.id, siteIds: [path.site.id] });
    await publishChange(env.ctx, 'tracking');
    await trafficFor(path, path.agent.id, `d${path.agent.id}-`);
    await trafficFor(path, keep.agent.id, `k${keep.agent.id}-`);
    await login(env.app, path.agentUsername);
    await env.ctx.db.insert(chatLogs).values({
      agentId: path.agent.id,
      officeId: path.office.id,
      siteId: path.site.id,
      clientUsername: 'client',
      conversation: 'hi',
    });
    const before = await rolledUp(path.office.id);

    expect((await remove(deleterToken, path.agent.id)).status).toBe(200);

    const id = path.agent.id;
    for (const [table, column] of [
      ['clicks', 'agent_id'],
      ['sales', 'agent_id'],
      ['stats_daily', 'agent_id'],
      ['chat_logs', 'agent_id'],
      ['agent_sites', 'agent_id'],
      ['agents', 'id'],
    ])
      expect(await countOf(table, column, id), table).toBe(0);
    expect(await countOf('login_logs', 'account_id', path.agentAccountId)).toBe(0);
    expect(await countOf('accounts', 'id', path.agentAccountId)).toBe(0);

    const after = await rolledUp(path.office.id);
    expect(after).toEqual(await raw(path.office.id));
    expect(after!.raws).toBe(before!.raws / 2);
    expect(after!.sales).toBeGreaterThan(0);
    expect(await countRollupMismatches(env.ctx.db, { siteIds: [path.site.id] })).toBe(0);
    const url = `/api/links/go/${path.site.id}/${path.type.id}/${id}`;
    expect((await env.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await remove(deleterToken, id)).status).toBe(404);
  });

  it('is refused to a superadmin without the flag, to admins and to offices; nothing is deleted', async () => {
    const o = await buildOffice(env.ctx);
    const a = await buildAgent(env.ctx, { officeId: o.office.id });
    const plainSuper = await buildAdmin(env.ctx, { role: Role.Superadmin });
    const flaggedAdmin = await buildAdmin(env.ctx, { canDelete: true });
    for (const accountId of [plainSuper.accountId, flaggedAdmin.accountId, o.accountId])
      expect((await remove(await tokenFor(env.ctx, accountId), a.agent.id)).status).toBe(403);
    expect(await countOf('agents', 'id', a.agent.id)).toBe(1);
    expect((await remove('', a.agent.id)).status).toBe(401);
  });

  it('refuses bad ids', async () => {
    for (const id of ['3000000000', '0x10', '1e3', '0'])
      expect((await remove(deleterToken, id)).status).toBe(400);
    expect((await remove(deleterToken, 2147483647)).status).toBe(404);
  });
});
