// Invalid traffic through the redirect (issue 35): each reason recorded on the click with its answer,
// set through System Options, never the unique click, and counted apart in stats_daily, checked
// against the raw rows. Options are global: each test puts back the defaults it changed.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  INVALID_OPTION_NAMES as N,
  INVALID_REASONS,
  invalidReasonCode,
  OPTION_NAMES,
  Role,
  type TOptionsUpdate,
} from '@salesdesk/contract';
import { queryOne, queryRows, sql } from '../db/client';
import { blackListIps, ipRangeLists, options } from '../db/schema';
import { publishChange } from '../common/changes';
import { buildAdmin, buildClickPath, tokenFor } from '../test/factories';
import { BROWSER_AGENT, call, testEnv, type TestEnv } from '../test/harness';
import { countRollupMismatches } from '../rollups/rebuild';
import { flushClicks } from './service';
import { inArray } from 'drizzle-orm';

let env: TestEnv;
let superadmin: string;
beforeAll(async () => {
  env = await testEnv();
  superadmin = await tokenFor(env.ctx, (await buildAdmin(env.ctx, { role: Role.Superadmin })).accountId);
});

const OPTIONS = [...Object.values(N), OPTION_NAMES.invalidClickMode];
afterEach(async () => {
  await env.ctx.db.delete(options).where(inArray(options.name, OPTIONS));
  await env.ctx.db.delete(ipRangeLists);
  await publishChange(env.ctx, 'options');
});

async function setOptions(list: TOptionsUpdate) {
  const res = await call(env.app, 'POST', 'options', { token: superadmin, body: list });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

type Path = Awaited<ReturnType<typeof buildClickPath>>;
const url = (p: Path, query = '') => `links/go/${p.site.id}/${p.type.id}/${p.agent.id}${query}`;
const PREVIEW = 'WhatsApp/2.23.20.0';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

async function clicksOf(agentId: number) {
  await flushClicks(env.ctx);
  return queryRows<{ ip: string; is_unique: boolean; invalid_reason: number }>(
    env.ctx.db,
    sql`select ip, is_unique, invalid_reason from clicks where agent_id = ${agentId} order by id`,
  );
}

const code = invalidReasonCode;

describe('the redirect classifies each click before its answer', () => {
  it('records every reason, still redirects, and makes the next person from that address the unique click', async () => {
    const p = await buildClickPath(env.ctx);
    await env.ctx.db.insert(blackListIps).values({ ip: '10.66.0.1' });
    await publishChange(env.ctx, 'tracking');
    await setOptions([{ name: N.internalTrafficAddresses, value: '10.77.0.0/16, 2001:db8::1' }]);
    const cases: Array<[string, number, string, Record<string, string>, 'GET' | 'HEAD']> = [
      [url(p), 0, '10.50.0.1', {}, 'GET'],
      [url(p), code('BLACKLISTED_IP'), '10.66.0.1', {}, 'GET'],
      [url(p, '?sd_test=1'), code('INTERNAL'), '10.50.0.2', {}, 'GET'],
      [url(p), code('INTERNAL'), '10.77.3.4', {}, 'GET'],
      [url(p), code('PREVIEW'), '10.50.0.3', { 'user-agent': PREVIEW }, 'GET'],
      [url(p), code('BOT'), '10.50.0.4', { 'user-agent': GOOGLEBOT }, 'GET'],
      [url(p), code('BOT'), '10.50.0.5', { 'user-agent': '' }, 'GET'],
      [url(p), code('HEAD'), '10.50.0.6', {}, 'HEAD'],
    ];
    for (const [path, , ip, headers, method] of cases) {
      const res = await call(env.app, method, path, { ip, headers });
      expect(res.status, `${method} ${path} ${ip}`).toBe(302);
      expect(res.res.headers.location).toMatch(/clickid=\d+$/);
    }
    const rows = await clicksOf(p.agent.id);
    expect(rows.map((r) => r.invalid_reason)).toEqual(cases.map((c) => c[1]));
    expect(rows.map((r) => r.is_unique)).toEqual(cases.map((c) => c[1] === 0));

    // The preview came first from 10.50.0.3; the person who opens the link after it is the unique click.
    await call(env.app, 'GET', url(p), { ip: '10.50.0.3' });
    expect((await clicksOf(p.agent.id)).at(-1)).toEqual({
      ip: '10.50.0.3',
      is_unique: true,
      invalid_reason: 0,
    });
  });

  it('counts a reason set to count as valid, and refuses a machine set to refuse with a 404 and no row', async () => {
    const p = await buildClickPath(env.ctx);
    await setOptions([
      { name: N.invalidModePreview, value: 'count' },
      { name: N.invalidModeBot, value: 'refuse' },
    ]);
    const preview = await call(env.app, 'GET', url(p), {
      ip: '10.51.0.1',
      headers: { 'user-agent': PREVIEW },
    });
    expect(preview.status).toBe(302);
    const bot = await call(env.app, 'GET', url(p), { ip: '10.51.0.2', headers: { 'user-agent': GOOGLEBOT } });
    expect(bot.status).toBe(404);
    expect(bot.body).toMatchObject({ code: 'NOT_FOUND' });
    expect(await clicksOf(p.agent.id)).toEqual([{ ip: '10.51.0.1', is_unique: true, invalid_reason: 0 }]);
  });

  it('refuses a mode a reason cannot take, and bad rule values, with a clear error and nothing saved', async () => {
    for (const [name, value] of [
      [N.invalidModeRepeat, 'refuse'],
      [N.invalidModeInternal, 'refuse'],
      [N.invalidModeBot, 'FLAG'],
      [N.repeatClicksMax, '0x10'],
      [N.repeatClicksMax, '1e3'],
      [N.repeatClicksMinutes, '0'],
      [N.internalTrafficAddresses, '10.0.0.0/33'],
      [N.internalTrafficAddresses, '10.0.0.1\u0000'],
      [N.internalTrafficAddresses, '１０.0.0.1'],
    ]) {
      const res = await call(env.app, 'POST', 'options', { token: superadmin, body: [{ name, value }] });
      expect(res.status, `${name}=${value}`).toBe(400);
    }
    const saved = await env.ctx.db.select().from(options).where(inArray(options.name, OPTIONS));
    expect(saved).toEqual([]);
  });

  it('flags the clicks past N in M minutes of one address, browser and link as repeats', async () => {
    const p = await buildClickPath(env.ctx);
    await setOptions([
      { name: N.repeatClicksMax, value: '3' },
      { name: N.repeatClicksMinutes, value: '5' },
    ]);
    for (let i = 0; i < 5; i++) await call(env.app, 'GET', url(p), { ip: '10.52.0.1' });
    await call(env.app, 'GET', url(p), {
      ip: '10.52.0.1',
      headers: { 'user-agent': `${BROWSER_AGENT} Edg/131` },
    });
    const rows = await clicksOf(p.agent.id);
    expect(rows.map((r) => r.invalid_reason)).toEqual([0, 0, 0, code('REPEAT'), code('REPEAT'), 0]);
  });

  it('keeps invalid clicks apart by reason in stats_daily, as the raw rows count them', async () => {
    const p = await buildClickPath(env.ctx);
    await call(env.app, 'GET', url(p), { ip: '10.53.0.1' });
    await call(env.app, 'GET', url(p), { ip: '10.53.0.2', headers: { 'user-agent': PREVIEW } });
    await call(env.app, 'GET', url(p), { ip: '10.53.0.2', headers: { 'user-agent': GOOGLEBOT } });
    await call(env.app, 'HEAD', url(p), { ip: '10.53.0.3' });
    await call(env.app, 'GET', url(p, '?a=1&sd_test=1'), { ip: '10.53.0.4' });
    await flushClicks(env.ctx);
    const counters = INVALID_REASONS.map((r) => `invalid_${r.toLowerCase()}`);
    const rollup = await queryOne<Record<string, number>>(
      env.ctx.db,
      sql`select sum(raws)::int as raws, sum(uniques)::int as uniques,
            ${sql.raw(counters.map((c) => `sum(${c})::int as ${c}`).join(', '))}
          from stats_daily where agent_id = ${p.agent.id}`,
    );
    const raw = await queryOne<Record<string, number>>(
      env.ctx.db,
      sql`select count(*)::int as raws, (count(*) filter (where is_unique))::int as uniques,
            ${sql.raw(
              counters
                .map((c, i) => `(count(*) filter (where invalid_reason = ${i + 1}))::int as ${c}`)
                .join(', '),
            )}
          from clicks where agent_id = ${p.agent.id}`,
    );
    expect(rollup).toEqual(raw);
    expect(raw).toMatchObject({ raws: 5, uniques: 1, invalid_preview: 1, invalid_bot: 1, invalid_head: 1 });
    expect(raw!.invalid_internal).toBe(1);
    // The rebuild adds the same up from the raw rows.
    expect(await countRollupMismatches(env.ctx.db, { siteIds: [p.site.id] })).toBe(0);
  });

  it('flags a click from a data center on the list a superadmin stored, once the reason is on', async () => {
    const p = await buildClickPath(env.ctx);
    const office = await tokenFor(env.ctx, (await buildAdmin(env.ctx)).accountId);
    const list = '# Cloud ranges\n# date: 2026-11-20\n203.0.113.0/25\taws\n2001:db8:dc::/48 google\n';
    // Only a superadmin stores it; an admin is refused before the body is read.
    expect((await call(env.app, 'POST', 'options/datacenter-list', { token: office, body: {} })).status).toBe(
      403,
    );
    const stored = await call(env.app, 'POST', 'options/datacenter-list', {
      token: superadmin,
      body: { text: list },
    });
    expect(stored.body).toEqual({ entries: 2, listDate: '2026-11-20' });
    const info = await call(env.app, 'GET', 'options/datacenter-list', { token: superadmin });
    expect(info.body).toMatchObject({ source: 'uploaded', listDate: '2026-11-20', entries: 2 });

    // Counted (the default): a data center's click is a person's.
    await call(env.app, 'GET', url(p), { ip: '203.0.113.5' });
    await setOptions([{ name: N.invalidModeDatacenter, value: 'flag' }]);
    await call(env.app, 'GET', url(p), { ip: '203.0.113.6' });
    await call(env.app, 'GET', url(p), { ip: '203.0.113.200' });
    await setOptions([{ name: N.invalidModeDatacenter, value: 'refuse' }]);
    expect((await call(env.app, 'GET', url(p), { ip: '203.0.113.7' })).status).toBe(404);
    expect((await clicksOf(p.agent.id)).map((r) => [r.ip, r.invalid_reason])).toEqual([
      ['203.0.113.5', 0],
      ['203.0.113.6', code('DATACENTER')],
      ['203.0.113.200', 0],
    ]);

    // A list with a line that is not an address is refused with its line, and the stored one stays.
    const bad = await call(env.app, 'POST', 'options/datacenter-list', {
      token: superadmin,
      body: { text: '10.0.0.0/8\n10.0.0.0/33\n' },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('line 2: 10.0.0.0/33');
    expect((await call(env.app, 'GET', 'options/datacenter-list', { token: superadmin })).body).toMatchObject(
      {
        entries: 2,
      },
    );
    const log = await call<{ items: { description: string }[] }>(env.app, 'POST', 'audit-logs', {
      token: superadmin,
      body: { pageSize: 5 },
    });
    expect(
      log.body.items.map((i) => i.description),
      JSON.stringify(log.body.items.map((i) => i.description)),
    ).toContain('Stored the data center list: 2 ranges, dated 2026-11-20');
  });
});
