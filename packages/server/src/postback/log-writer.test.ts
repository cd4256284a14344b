// The postback log writer: refusals past the rate of one (site, address) are summed into one row per
// flush, memory stays bounded, rows that could not be written are kept, and a flood through the lane
// adds a few rows whose counts add up.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryOne, sql, type Db } from '../db/client';
import { testEnv, type TestEnv } from '../test/harness';
import { clickedPath, logRowsOf, postbackLogOf, queryOf, startLane } from '../test/postback-fixtures';
import { FLUSH_MS, PostbackLogWriter, REFUSED_PER_MINUTE, type PostbackLogEntry } from './log-writer';

let env: TestEnv;
let lane: Awaited<ReturnType<typeof startLane>>;
beforeAll(async () => {
  env = await testEnv();
  lane = await startLane(env.ctx);
});
afterAll(() => lane.close());

let siteCount = 1_500_000_000;
const entry = (over: Partial<PostbackLogEntry> = {}): PostbackLogEntry => ({
  siteId: siteCount,
  ip: '10.55.0.1',
  event: 'sale',
  txId: 't',
  clickId: 1,
  result: 'WRONG_TOKEN',
  saleId: null,
  ...over,
});
const writer = (opts: ConstructorParameters<typeof PostbackLogWriter>[1] = {}, db: Db = env.ctx.db) =>
  new PostbackLogWriter(db, { intervalMs: 3_600_000, ...opts });

describe('PostbackLogWriter', () => {
  it('stores the first refusals of a (site, address) one by one and sums the rest per flush', async () => {
    const siteId = ++siteCount;
    const w = writer({ refusedPerMinute: 2 });
    for (let i = 0; i < 10; i++) w.add(entry({ siteId, txId: `t${i}`, clickId: i < 5 ? 7 : 8 }));
    w.add(entry({ siteId, txId: 'u', result: 'UNKNOWN_CLICK' }));
    w.add(entry({ siteId, ip: '10.55.0.2' })); // another address: its own first refusal
    w.add(entry({ siteId, result: 'DUPLICATE', saleId: 5 })); // not a refusal: kept one by one
    await w.close();
    const rows = await logRowsOf(env.ctx, siteId);
    expect(rows.map((r) => [r.ip, r.result, r.tx_id, r.click_id, r.count])).toEqual([
      ['10.55.0.1', 'WRONG_TOKEN', 't0', '7', 1],
      ['10.55.0.1', 'WRONG_TOKEN', 't1', '7', 1],
      ['10.55.0.2', 'WRONG_TOKEN', 't', '1', 1],
      ['10.55.0.1', 'DUPLICATE', 't', '1', 1],
      // Eight summed: what they do not share is left empty.
      ['10.55.0.1', 'WRONG_TOKEN', null, null, 8],
      ['10.55.0.1', 'UNKNOWN_CLICK', 'u', '1', 1],
    ]);
  });

  it('holds at most maxRows rows and maxSums sums, the rest summed per result under site 0', async () => {
    const w = writer({ refusedPerMinute: 1000, maxRows: 2, maxSums: 2 });
    const sites = [++siteCount, ++siteCount, ++siteCount];
    for (const siteId of sites) for (let i = 0; i < 3; i++) w.add(entry({ siteId, ip: `10.56.0.${i}` }));
    expect(w.size).toBe(5); // 2 rows, 2 sums, and one overflow sum
    const before = await queryOne<{ n: number }>(
      env.ctx.db,
      sql`select coalesce(sum(count), 0)::int as n from postback_logs where site_id = 0 and ip = '*'`,
    );
    await w.close();
    const kept = [...(await logRowsOf(env.ctx, sites[0])), ...(await logRowsOf(env.ctx, sites[1]))];
    const after = await queryOne<{ n: number }>(
      env.ctx.db,
      sql`select coalesce(sum(count), 0)::int as n from postback_logs where site_id = 0 and ip = '*'`,
    );
    expect(kept.reduce((n, r) => n + r.count, 0) + after!.n - before!.n).toBe(9);
  });

  it('keeps what it could not write for the next flush, and reports what close gives up', async () => {
    const failing = {
      insert: () => {
        throw new Error('database away');
      },
    } as unknown as Db;
    const errors: string[] = [];
    const w = writer({ onError: (msg) => errors.push(msg) }, failing);
    w.add(entry());
    w.add(entry({ result: 'DUPLICATE' }));
    await expect(w.flush()).rejects.toThrow('database away');
    expect(w.size).toBe(2);
    await w.close();
    expect(errors).toEqual(['postback log: 2 rows not written at close']);
    w.add(entry());
    expect(w.size).toBe(2); // closed: nothing more is taken
  });
});

describe('a flood of refused postbacks', () => {
  it('adds a few rows whose counts add up, and an accepted sale amid it is logged at once', async () => {
    const p = await clickedPath(env);
    const path = (params: Record<string, string | number>) => `/api/postback/${p.site.id}?${queryOf(params)}`;
    const FLOOD = 400;
    const ip = '10.57.0.1';
    const started = Date.now();
    const sends = Array.from({ length: FLOOD }, (_, i) =>
      lane.get(path({ token: 'wrong', clickId: p.clickId, event: 'sale', txId: `f${i}` }), ip),
    );
    const answers = await Promise.all(sends);
    expect(answers.every((a) => a.status === 403 && a.body.code === 'WRONG_TOKEN')).toBe(true);
    const accepted = await lane.get(
      path({ token: p.site.postbackToken, clickId: p.clickId, event: 'sale', txId: 'amid' }),
      ip,
    );
    expect(accepted.status).toBe(200);
    const rows = await postbackLogOf(env.ctx, p.site.id, ip);
    const refusals = rows.filter((r) => r.result === 'WRONG_TOKEN');
    expect(refusals.reduce((n, r) => n + r.count, 0)).toBe(FLOOD);
    // One by one up to the rate, then one summed row per flush (a flush a second while they arrive).
    const flushes = Math.ceil((Date.now() - started) / FLUSH_MS) + 1;
    expect(refusals.length).toBeGreaterThan(REFUSED_PER_MINUTE);
    expect(refusals.length).toBeLessThanOrEqual(REFUSED_PER_MINUTE + flushes);
    expect(rows.filter((r) => r.result === 'ACCEPTED')).toEqual([
      expect.objectContaining({ tx_id: 'amid', sale_id: String(accepted.body.saleId), count: 1 }),
    ]);
  });
});
