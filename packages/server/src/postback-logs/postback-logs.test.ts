import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { Role, ZPostbackLogSearch, type TList, type TPostbackLogRow } from '@salesdesk/contract';
import { admitPostback } from '../postback/admission';
import { handlePostback } from '../postback/service';
import { postbackLogChunks } from './sql';
import { buildAdmin, buildClickPath, tokenFor, uniqueName } from '../test/factories';
import { call, testEnv, type TestEnv } from '../test/harness';
import { clickAt, saleAt } from '../test/logs-fixtures';
import { logRowsOf } from '../test/postback-fixtures';
import { bulkPostbackLog, insertPostbackLogs, logKeysOf } from '../test/postback-logs-fixtures';

let env: TestEnv;
let adminToken: string;
let superToken: string;
beforeAll(async () => {
  env = await testEnv();
  adminToken = await tokenFor(env.ctx, (await buildAdmin(env.ctx)).accountId);
  superToken = await tokenFor(env.ctx, (await buildAdmin(env.ctx, { role: Role.Superadmin })).accountId);
});

type Res = {
  status: number;
  body: TList<TPostbackLogRow> & { code?: string; data?: Record<string, string[]> };
};
const search = (token: string, body: unknown): Promise<Res> =>
  call(env.app, 'POST', 'postback-logs', { token, body });
const exportCsv = (token: string, body: unknown) =>
  call<string>(env.app, 'POST', 'postback-logs/export', { token, body });
const rowsOf = (csv: string) => parse(csv.replace(/^\uFEFF/, '')) as string[][];

/**
 * A site with five postbacks in March 2024: an accepted sale (its row in sales), its duplicate, and
 * refused ones (log rows).
 */
async function siteWithLog() {
  const path = await buildClickPath(env.ctx);
  const site = path.site;
  const tx = uniqueName('tx');
  const click = await clickAt(env.ctx, path, '2024-02-28T12:00:00Z');
  // 2024-03-01T04:59Z is still 29 February in New York.
  const saleId = await saleAt(env.ctx, site.id, click, '2024-03-01T04:59:00Z', {
    txId: `${tx}-a`,
    ip: '10.0.0.1',
  });
  const logged = await insertPostbackLogs(env.ctx.db, [
    {
      time: '2024-03-01T05:00:00Z',
      siteId: site.id,
      txId: `${tx}-a`,
      clickId: click,
      result: 'DUPLICATE',
      saleId,
    },
    { time: '2024-03-02T12:00:00Z', siteId: site.id, result: 'WRONG_TOKEN', ip: '198.51.100.7', count: 40 },
    { time: '2024-03-03T12:00:00Z', siteId: site.id, txId: `${tx}-b`, clickId: 902, result: 'UNKNOWN_CLICK' },
    {
      time: '2024-03-04T12:00:00Z',
      siteId: site.id,
      event: 'refund',
      txId: `${tx}-a`,
      result: 'ALREADY_REVERSED',
    },
  ]);
  return { path, site, tx, click, saleId, ids: [`sale-${saleId}`, ...logged] };
}

describe('POST postback-logs', () => {
  it('lists a site’s postbacks newest first with the site’s name, for admins and superadmins', async () => {
    const { site, tx, click, saleId, ids } = await siteWithLog();
    for (const token of [adminToken, superToken]) {
      const res = await search(token, { siteId: site.id });
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(5);
      expect(res.body.items.map((r) => r.id)).toEqual([...ids].reverse());
    }
    const [newest, , wrongToken, duplicate, oldest] = (await search(adminToken, { siteId: site.id })).body
      .items;
    expect(newest).toMatchObject({
      event: 'refund',
      result: 'ALREADY_REVERSED',
      clickId: null,
      saleId: null,
    });
    expect(wrongToken).toMatchObject({ ip: '198.51.100.7', result: 'WRONG_TOKEN', txId: null, count: 40 });
    expect(oldest).toEqual({
      id: ids[0],
      time: '2024-03-01T04:59:00.000Z',
      siteId: site.id,
      sitename: site.sitename,
      ip: '10.0.0.1',
      event: 'sale',
      txId: `${tx}-a`,
      clickId: click,
      result: 'ACCEPTED',
      saleId,
      count: 1,
      detail: null,
    });
    expect(duplicate).toMatchObject({ id: ids[1], result: 'DUPLICATE', clickId: click, saleId });
  });

  it('shows accepted reversals as their reversal rows, and a held sale’s as its log row', async () => {
    const paid = await buildClickPath(env.ctx);
    const held = await buildClickPath(env.ctx, { holdDays: 5 });
    const tx = uniqueName('tx');
    const sold = async (p: typeof paid, txId: string) =>
      saleAt(env.ctx, p.site.id, await clickAt(env.ctx, p, '2024-06-01T12:00:00Z'), '2024-06-02T12:00:00Z', {
        txId,
        ip: '10.7.0.1',
      });
    const paidSale = await sold(paid, tx);
    const heldSale = await sold(held, tx);
    const refund = async (p: typeof paid) => {
      const call = {
        siteId: p.site.id,
        ip: '10.7.0.2',
        raw: { token: p.site.postbackToken, event: 'chargeback', txId: tx },
      };
      return handlePostback(env.ctx, await (await admitPostback(env.ctx, call, true)).admit(call));
    };
    const reversal = (await refund(paid)).saleId;
    expect((await refund(held)).saleId).toBe(heldSale);
    const found = async (body: object) =>
      (await search(adminToken, body)).body.items.map((r) => [r.id, r.event, r.ip, r.clickId, r.saleId]);
    const logged = await logRowsOf(env.ctx, held.site.id, '10.7.0.2');
    expect(logged).toHaveLength(1);
    const [heldKey] = (await search(adminToken, { siteId: held.site.id, result: 'ACCEPTED' })).body.items
      .filter((r) => r.event === 'chargeback')
      .map((r) => r.id);
    expect(heldKey).toMatch(/^log-\d+$/);
    // The txId alone finds both sites' sales and reversals (through each site's txId index).
    expect(await found({ txId: tx, result: 'ACCEPTED' })).toEqual([
      [heldKey, 'chargeback', '10.7.0.2', null, heldSale],
      [`sale-${reversal}`, 'chargeback', '10.7.0.2', null, reversal],
      [`sale-${heldSale}`, 'sale', '10.7.0.1', expect.any(Number), heldSale],
      [`sale-${paidSale}`, 'sale', '10.7.0.1', expect.any(Number), paidSale],
    ]);
    expect(await found({ siteId: paid.site.id, txId: tx })).toEqual([
      [`sale-${reversal}`, 'chargeback', '10.7.0.2', null, reversal],
      [`sale-${paidSale}`, 'sale', '10.7.0.1', expect.any(Number), paidSale],
    ]);
    // A reversal names no click: the click filter finds the sale only.
    const [{ clickId }] = (await search(adminToken, { siteId: paid.site.id, txId: tx })).body.items.slice(-1);
    expect(await found({ clickId })).toEqual([[`sale-${paidSale}`, 'sale', '10.7.0.1', clickId, paidSale]]);
    expect(await found({ siteId: paid.site.id, result: 'DUPLICATE' })).toEqual([]);
  });

  it('leaves out sales no postback wrote (no address): the demo history, adjustments', async () => {
    const p = await buildClickPath(env.ctx);
    const click = await clickAt(env.ctx, p, '2024-07-01T12:00:00Z');
    await saleAt(env.ctx, p.site.id, click, '2024-07-01T12:05:00Z');
    const res = await search(adminToken, { siteId: p.site.id });
    expect(res.body).toEqual({ items: [], total: 0 });
  });

  it('keeps a postback naming no site, without a name; a site id that names none finds nothing', async () => {
    const ghost = 2_000_000_001 + Math.floor(Math.random() * 99_000_000);
    const [id] = await insertPostbackLogs(env.ctx.db, [
      { time: '2024-03-05T12:00:00Z', siteId: ghost, result: 'UNKNOWN_SITE', event: 'sale' },
    ]);
    const res = await search(adminToken, { siteId: ghost });
    expect(res.body.items).toEqual([expect.objectContaining({ id, siteId: ghost, sitename: null })]);
    const none = await search(adminToken, { siteId: 2_147_483_647 });
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ items: [], total: 0 });
  });

  it('filters by result, Eastern days (both included), exact txId and click id', async () => {
    const { site, tx, click, ids } = await siteWithLog();
    const found = async (body: object) =>
      (await search(adminToken, { siteId: site.id, ...body })).body.items.map((r) => r.id);
    expect(await found({ result: 'WRONG_TOKEN' })).toEqual([ids[2]]);
    expect(await found({ result: 'DUPLICATE' })).toEqual([ids[1]]);
    expect(await found({ result: 'RATE_LIMITED' })).toEqual([]);
    expect(await found({ start: '2024-02-29', end: '2024-02-29' })).toEqual([ids[0]]);
    expect(await found({ start: '2024-03-01', end: '2024-03-03' })).toEqual([ids[3], ids[2], ids[1]]);
    expect(await found({ txId: ` ${tx}-a ` })).toEqual([ids[4], ids[1], ids[0]]);
    expect(await found({ txId: `${tx}` })).toEqual([]);
    expect(await found({ txId: `${tx}-A` })).toEqual([]);
    expect(await found({ clickId: 902 })).toEqual([ids[3]]);
    expect(await found({ clickId: click })).toEqual([ids[1], ids[0]]);
    expect(await found({ result: 'ACCEPTED' })).toEqual([ids[0]]);
    expect(await found({ result: 'ACCEPTED', start: '2024-03-01', end: '2024-03-31' })).toEqual([]);
    expect(await found({ txId: `${tx}-a`, result: 'ACCEPTED' })).toEqual([ids[0]]);
    // Without a site: the txId alone finds the rows, whatever site they name.
    const byTx = await search(adminToken, { txId: `${tx}-b` });
    expect(byTx.body).toMatchObject({ total: 1, items: [{ id: ids[3] }] });
  });

  it('pages across every row of both sources without losing or repeating one, in both directions', async () => {
    const path = await buildClickPath(env.ctx);
    const site = path.site;
    const click = await clickAt(env.ctx, path, '2024-04-01T12:00:00Z');
    // Three rows share each instant, sales and log rows among them: the tie-breaker orders them.
    await bulkPostbackLog(env.ctx, site.id, click, 61, '2024-04-10T12:00:00Z', 60_000);
    const expected = await logKeysOf(env.ctx.db, site.id);
    expect(expected).toHaveLength(61);
    const walk = async (extra: object) => {
      const seen: string[] = [];
      for (let page = 1; page <= 9; page++) {
        const res = await search(adminToken, { siteId: site.id, pageSize: 7, page, ...extra });
        expect(res.body.total).toBe(61);
        seen.push(...res.body.items.map((r) => r.id));
      }
      return seen;
    };
    expect(await walk({})).toEqual(expected);
    expect(await walk({ sortField: 'time', sortAsc: false })).toEqual(expected);
    expect(await walk({ sortField: 'time', sortAsc: true })).toEqual([...expected].reverse());
    // The export's chunks: each continues after the last row of the one before, across both sources.
    const chunked = async (sortAsc: boolean) => {
      const q = ZPostbackLogSearch.parse({ siteId: site.id, sortField: 'time', sortAsc });
      const keys: string[] = [];
      for await (const chunk of postbackLogChunks(env.ctx.db, q, 4)) keys.push(...chunk.map((r) => r.ord));
      return keys.map((ord) => (BigInt(ord) % 2n ? `log-${BigInt(ord) / 2n}` : `sale-${BigInt(ord) / 2n}`));
    };
    expect(await chunked(false)).toEqual(expected);
    expect(await chunked(true)).toEqual([...expected].reverse());
    const refused = await search(adminToken, {
      siteId: site.id,
      result: 'WRONG_TOKEN',
      pageSize: 5,
      page: 3,
    });
    expect(refused.body.total).toBe(13);
    expect(refused.body.items).toHaveLength(3);
  });

  it('is for admins and superadmins only: 401 and 403 come before the validation', async () => {
    const path = await buildClickPath(env.ctx);
    const officeToken = await tokenFor(env.ctx, path.office.accountId);
    const agentToken = await tokenFor(env.ctx, path.agentAccountId);
    for (const [token, status] of [
      ['', 401],
      [officeToken, 403],
      [agentToken, 403],
    ] as const) {
      expect((await search(token, {})).status).toBe(status);
      expect((await search(token, { siteId: 'x\u0000' })).status).toBe(status);
      expect((await exportCsv(token, {})).status).toBe(status);
      expect((await exportCsv(token, { result: 'NOPE' })).status).toBe(status);
    }
  });

  it('refuses bad input with a validation error', async () => {
    const bad: unknown[] = [
      { siteId: 2_147_483_648 },
      { siteId: '0x10' },
      { siteId: '1e3' },
      { siteId: '12' },
      { siteId: 0 },
      { siteId: 1.5 },
      { clickId: '0x10' },
      { clickId: '1e3' },
      { clickId: Number.MAX_SAFE_INTEGER + 1 },
      { clickId: -1 },
      { result: 'accepted' },
      { result: 'NOPE' },
      { txId: 'x'.repeat(129) },
      { txId: 'a\u0000b' },
      { txId: 5 },
      { start: '2024-03-01' },
      { start: '2024-03-02', end: '2024-03-01' },
      { start: '2024-02-30', end: '2024-03-01' },
      { sortField: 'ip' },
      { pageSize: 501 },
      { page: 0 },
      [],
    ];
    for (const body of bad) {
      const res = await search(superToken, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
      expect((await exportCsv(superToken, body)).status, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('POST postback-logs/export', () => {
  it('writes every matching row with the screen’s columns, newest first', async () => {
    const { site, tx, click, saleId } = await siteWithLog();
    const ghost = 2_100_000_000 + Math.floor(Math.random() * 40_000_000);
    await insertPostbackLogs(env.ctx.db, [
      { time: '2024-03-02T13:00:00Z', siteId: ghost, txId: `${tx}-a`, result: 'UNKNOWN_SITE', event: null },
    ]);
    const body = { txId: `${tx}-a`, start: '2024-02-01', end: '2024-03-31', pageSize: 1 };
    const res = await exportCsv(adminToken, body);
    expect(res.status).toBe(200);
    expect(res.res.headers['content-type']).toContain('text/csv');
    expect(res.res.headers['content-disposition']).toContain('postback-logs-2024-02-01-2024-03-31.csv');
    expect(rowsOf(res.body)).toEqual([
      ['Time', 'Site', 'IP', 'Event', 'Tx id', 'Click id', 'Result', 'Sale id', 'Count', 'Detail'],
      [
        '2024-03-04 (07:00)',
        site.sitename,
        '10.0.0.1',
        'refund',
        `${tx}-a`,
        '',
        'Already reversed',
        '',
        '1',
        '',
      ],
      ['2024-03-02 (08:00)', `#${ghost}`, '10.0.0.1', '', `${tx}-a`, '', 'Unknown site', '', '1', ''],
      [
        '2024-03-01 (00:00)',
        site.sitename,
        '10.0.0.1',
        'sale',
        `${tx}-a`,
        `${click}`,
        'Duplicate',
        `${saleId}`,
        '1',
        '',
      ],
      [
        '2024-02-29 (23:59)',
        site.sitename,
        '10.0.0.1',
        'sale',
        `${tx}-a`,
        `${click}`,
        'Accepted',
        `${saleId}`,
        '1',
        '',
      ],
    ]);
    const refused = rowsOf((await exportCsv(superToken, { siteId: site.id, result: 'WRONG_TOKEN' })).body);
    expect(refused.slice(1)).toEqual([
      ['2024-03-02 (07:00)', site.sitename, '198.51.100.7', 'sale', '', '', 'Wrong token', '', '40', ''],
    ]);
  });
});
