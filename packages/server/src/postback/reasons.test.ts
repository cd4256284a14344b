// Every refusal answers its reason code, the same through the lane (a plain GET) and through the Fastify
// route (POST, form and JSON), and each postback leaves its postback log entry: the result, the sale it
// made or touched, the client address, and never the token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  POSTBACK_RATE_PER_MINUTE,
  POSTBACK_REASON_STATUS,
  POSTBACK_REASONS,
  type TPostbackReason,
} from '@salesdesk/contract';
import { queryRows, sql } from '../db/client';
import { testEnv, type TestEnv } from '../test/harness';
import {
  clickedPath,
  logRowsOf,
  postbackLogOf,
  postRoute,
  queryOf,
  startLane,
  type Answer,
  type ClickedPath,
  type LogRow,
} from '../test/postback-fixtures';
import { postbackIpLimit, postbackSiteLimit } from './ip-limit';

let env: TestEnv;
let lane: Awaited<ReturnType<typeof startLane>>;
beforeAll(async () => {
  env = await testEnv();
  lane = await startLane(env.ctx);
});
afterAll(() => lane.close());

let ipCount = 0;
const freshIp = () => `10.66.${(++ipCount >> 8) & 255}.${ipCount & 255}`;
type Params = Record<string, string | number>;
type Via = 'lane' | 'form' | 'json';
const VIAS: Via[] = ['lane', 'form', 'json'];

function send(via: Via, siteId: number | string, params: Params, ip: string): Promise<Answer> {
  const path = `/api/postback/${siteId}`;
  return via === 'lane' ? lane.get(`${path}?${queryOf(params)}`, ip) : postRoute(env, path, params, via, ip);
}

/** The detail column of the log rows of a site and address, oldest first. */
async function detailsOf(siteId: number, ip: string): Promise<(string | null)[]> {
  await logRowsOf(env.ctx, siteId, ip); // flushes the log writer
  const rows = await queryRows<{ detail: string | null }>(
    env.ctx.db,
    sql`select detail from postback_logs where site_id = ${siteId} and ip = ${ip} order by id`,
  );
  return rows.map((r) => r.detail);
}

interface Case {
  reason: TPostbackReason;
  status: number;
  /** The site and fields of one refused postback; `prepare` runs before each send (per address). */
  build: (p: ClickedPath, other: ClickedPath, via: Via) => Promise<{ siteId: number; params: Params }>;
  prepare?: (p: ClickedPath, ip: string) => void;
  /** Refused before a POST's body is read (the per-address limit): logged without its fields. */
  bodyUnread?: true;
}

const sale = (p: ClickedPath, over: Params = {}): Params => ({
  token: p.site.postbackToken,
  clickId: p.clickId,
  event: 'sale',
  txId: `tx-${p.clickId}`,
  ...over,
});

const CASES: Case[] = [
  {
    reason: 'WRONG_TOKEN',
    status: 403,
    build: async (p) => ({ siteId: p.site.id, params: sale(p, { token: 'wrong-token' }) }),
  },
  { reason: 'UNKNOWN_SITE', status: 404, build: async (p) => ({ siteId: 2_000_000_000, params: sale(p) }) },
  {
    reason: 'UNKNOWN_CLICK',
    status: 404,
    build: async (p) => ({ siteId: p.site.id, params: sale(p, { clickId: 9_007_199_254_740_991 }) }),
  },
  {
    reason: 'UNKNOWN_SALE',
    status: 404,
    build: async (p) => ({
      siteId: p.site.id,
      params: { token: p.site.postbackToken, event: 'refund', txId: 'never-sold' },
    }),
  },
  {
    reason: 'ALREADY_REVERSED',
    status: 409,
    build: async (p, _o, via) => {
      const txId = `rev-${via}`;
      expect((await send('lane', p.site.id, sale(p, { txId }), freshIp())).status).toBe(200);
      expect(
        (await send('lane', p.site.id, { token: p.site.postbackToken, event: 'refund', txId }, freshIp()))
          .status,
      ).toBe(200);
      return { siteId: p.site.id, params: { token: p.site.postbackToken, event: 'chargeback', txId } };
    },
  },
  {
    reason: 'CLICK_SITE_MISMATCH',
    status: 404,
    build: async (p, other) => ({ siteId: p.site.id, params: sale(p, { clickId: other.clickId }) }),
  },
  {
    reason: 'RATE_LIMITED',
    status: 429,
    build: async (p) => ({ siteId: p.site.id, params: sale(p, { txId: 'limited' }) }),
    prepare: (_p, ip) => {
      while (postbackIpLimit.count(ip).count < POSTBACK_RATE_PER_MINUTE);
    },
    bodyUnread: true,
  },
  {
    reason: 'RATE_LIMITED',
    status: 429,
    build: async (p) => ({ siteId: p.site.id, params: sale(p, { txId: 'site-limited' }) }),
    prepare: (p) => {
      while (postbackSiteLimit.count(String(p.site.id)).count < POSTBACK_RATE_PER_MINUTE);
    },
  },
  {
    reason: 'BAD_INPUT',
    status: 400,
    build: async (p) => ({ siteId: p.site.id, params: sale(p, { clickId: '0x10' }) }),
  },
  {
    reason: 'BAD_INPUT',
    status: 400,
    build: async (p) => ({ siteId: p.site.id, params: sale(p, { txId: 'nul\u0000byte' }) }),
  },
];

describe('postback refusals', () => {
  it('answer every reason code with its status, through the lane and the route alike, and log it', async () => {
    expect(new Set(CASES.map((c) => c.reason))).toEqual(new Set(POSTBACK_REASONS));
    const other = await clickedPath(env);
    for (const c of CASES) {
      const p = await clickedPath(env);
      for (const via of VIAS) {
        const { siteId, params } = await c.build(p, other, via);
        const ip = freshIp();
        c.prepare?.(p, ip);
        const res = await send(via, siteId, params, ip);
        expect([via, res.status, res.body.code], `${c.reason} ${JSON.stringify(params)}`).toEqual([
          via,
          c.status,
          c.reason,
        ]);
        const rows = await logRowsOf(env.ctx, siteId, ip);
        const unread = c.bodyUnread && via !== 'lane';
        expect(rows, `${c.reason} via ${via}`).toEqual([
          expect.objectContaining({
            site_id: siteId,
            ip,
            result: c.reason,
            event: unread ? null : String(params.event),
            tx_id: unread ? null : String(params.txId).replace('\u0000', '\uFFFD'),
            count: 1,
          }),
        ]);
        expect(JSON.stringify(rows)).not.toContain(String(params.token));
      }
    }
  });

  it("answer BAD_INPUT with the field errors, the input guard and Fastify's path check included", async () => {
    const p = await clickedPath(env);
    for (const via of VIAS) {
      const missing = await send(via, p.site.id, {}, freshIp());
      expect([missing.status, missing.body.code]).toEqual([400, 'BAD_INPUT']);
      expect(Object.keys(missing.body.data ?? {})).toEqual(
        expect.arrayContaining(['token', 'clickId', 'event', 'txId']),
      );
      const nul = await send(via, p.site.id, sale(p, { email: 'a\u0000@example.com' }), freshIp());
      expect([nul.status, nul.body.code, nul.body.data]).toEqual([
        400,
        'BAD_INPUT',
        { email: [expect.any(String)] },
      ]);
    }
    // The log's row names the fields that were wrong, with the schema's words, never the values sent.
    for (const via of VIAS) {
      const ip = freshIp();
      await send(via, p.site.id, sale(p, { clickId: '0x10', token: 'secret-token-value' }), ip);
      const [detail] = await detailsOf(p.site.id, ip);
      expect(detail, via).toMatch(/^clickId: \S/);
      expect(detail).not.toContain('0x10');
      const ip2 = freshIp();
      await send(via, p.site.id, {}, ip2);
      expect((await detailsOf(p.site.id, ip2))[0]).toEqual(
        expect.stringMatching(/token: .*clickId: |clickId: .*token: /),
      );
    }
    const other = freshIp();
    await send('json', p.site.id, sale(p, { clickId: '999999999' }), other);
    expect(await detailsOf(p.site.id, other)).toEqual([null]); // an unknown click says nothing more
    // What is logged is cut to the columns' sizes (a refused postback may carry anything).
    const ip = freshIp();
    const long = await send('lane', p.site.id, sale(p, { txId: 'x'.repeat(300), event: 'e'.repeat(40) }), ip);
    expect(long.body.data).toHaveProperty('txId');
    expect(await logRowsOf(env.ctx, p.site.id, ip)).toEqual([
      expect.objectContaining({ result: 'BAD_INPUT', tx_id: 'x'.repeat(128), event: 'e'.repeat(16) }),
    ]);
    // A path id that is no id never reaches the lane: Fastify refuses it, logged under site 0.
    for (const bad of ['0x10', '1e3', '3000000000', '0']) {
      const ip = freshIp();
      const get = await env.app.inject({
        method: 'GET',
        url: `/api/postback/${bad}?${queryOf(sale(p))}`,
        remoteAddress: ip,
      });
      const post = await postRoute(env, `/api/postback/${bad}`, sale(p), 'json', ip);
      for (const res of [{ status: get.statusCode, body: get.json() }, post]) {
        expect([bad, res.status, res.body.code]).toEqual([bad, 400, 'BAD_INPUT']);
        expect(res.body.data).toHaveProperty('siteId');
      }
      expect((await logRowsOf(env.ctx, 0, ip)).map((r) => r.result)).toEqual(['BAD_INPUT', 'BAD_INPUT']);
      for (const detail of await detailsOf(0, ip)) expect(detail).toMatch(/^siteId: /);
    }
  });
});

describe('the OpenAPI page', () => {
  it('describes every reason code with its status', async () => {
    const res = await env.app.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = res.json() as {
      paths: Record<
        string,
        Record<string, { description: string; responses: Record<string, { description: string }> }>
      >;
    };
    const route = doc.paths['/api/postback/{siteId}'];
    for (const method of ['get', 'post']) {
      for (const reason of POSTBACK_REASONS) {
        expect(route[method].description).toContain(`| \`${reason}\` | ${POSTBACK_REASON_STATUS[reason]} |`);
        expect(route[method].responses[POSTBACK_REASON_STATUS[reason]].description).toContain(reason);
      }
    }
  });
});

const brief = (rows: LogRow[]) =>
  rows.map((r) => [r.result, r.event, r.tx_id, r.click_id, r.sale_id && Number(r.sale_id)]);

describe('the postback log', () => {
  it('keeps accepted and duplicate sales and reversals with the sale each made or touched', async () => {
    const p = await clickedPath(env);
    const ip = freshIp();
    const token = p.site.postbackToken;
    const first = await send('lane', p.site.id, sale(p, { txId: 'L1' }), ip);
    const again = await send('json', p.site.id, sale(p, { txId: 'L1' }), ip);
    const refund = await send('form', p.site.id, { token, event: 'refund', txId: 'L1' }, ip);
    const refundAgain = await send('lane', p.site.id, { token, event: 'refund', txId: 'L1' }, ip);
    expect([first, again, refund, refundAgain].map((a) => a.status)).toEqual([200, 200, 200, 200]);
    // Repeats wait for the writer's flush, so the order of the rows is not the order of arrival.
    const rows = brief(await postbackLogOf(env.ctx, p.site.id, ip));
    expect(rows).toHaveLength(4);
    expect(rows).toEqual(
      expect.arrayContaining([
        ['ACCEPTED', 'sale', 'L1', String(p.clickId), first.body.saleId],
        ['ACCEPTED', 'refund', 'L1', null, refund.body.saleId],
        ['DUPLICATE', 'sale', 'L1', String(p.clickId), first.body.saleId],
        ['DUPLICATE', 'refund', 'L1', null, refund.body.saleId],
      ]),
    );
    // The accepted ones are the sale and reversal rows themselves, with the address: no log row of their own.
    expect((await logRowsOf(env.ctx, p.site.id, ip)).map((r) => r.result)).toEqual([
      'DUPLICATE',
      'DUPLICATE',
    ]);
    const ips = await queryRows<{ id: string; postback_ip: string }>(
      env.ctx.db,
      sql`select id::text, postback_ip from sales where site_id = ${p.site.id} order by sales.id`,
    );
    expect(ips).toEqual([
      { id: String(first.body.saleId), postback_ip: ip },
      { id: String(refund.body.saleId), postback_ip: ip },
    ]);
    const raw = await queryRows<{ line: string }>(
      env.ctx.db,
      sql`select row_to_json(l)::text as line from postback_logs l where site_id = ${p.site.id}`,
    );
    expect(raw.length).toBeGreaterThan(0);
    for (const { line } of raw) expect(line).not.toContain(token);
  });

  it('keeps the accepted refund of a held sale (no reversal row) as a log row of its own', async () => {
    const p = await clickedPath(env, { holdDays: 3 });
    const ip = freshIp();
    const first = await send('lane', p.site.id, sale(p, { txId: 'H1' }), ip);
    const refund = await send(
      'lane',
      p.site.id,
      { token: p.site.postbackToken, event: 'refund', txId: 'H1' },
      ip,
    );
    expect([first.status, refund.status, refund.body.saleId]).toEqual([200, 200, first.body.saleId]);
    expect(brief(await postbackLogOf(env.ctx, p.site.id, ip))).toEqual([
      ['ACCEPTED', 'sale', 'H1', String(p.clickId), first.body.saleId],
      ['ACCEPTED', 'refund', 'H1', null, first.body.saleId],
    ]);
    expect((await logRowsOf(env.ctx, p.site.id, ip)).map((r) => [r.result, r.event])).toEqual([
      ['ACCEPTED', 'refund'],
    ]);
  });
});
