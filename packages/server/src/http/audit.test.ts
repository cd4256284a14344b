// The write transaction of http/audit.ts on a small app of its own routes: all or nothing with the audit
// row, change notices after the commit, work a request started finds the plain database, a prepared
// statement inside a write, writes at once; and the declarations the app refuses to start with.
import Fastify, { type FastifyInstance } from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { publishChange, subscribeChanges } from '../common/changes';
import { queryOne } from '../db/client';
import { param, preparedStatement, queryPrepared } from '../db/prepared';
import { news } from '../db/schema';
import { auditMark, auditRowsSince, changesOf } from '../test/audit-fixtures';
import { testEnv, type TestEnv } from '../test/harness';
import type { AuditActionSpec } from '@salesdesk/contract';
import { auditWrites } from './audit';
import { formError, registerErrorHandling } from './errors';

let env: TestEnv;
let app: FastifyInstance;
const said = (text: string): AuditActionSpec => ({ name: text, about: ['news'], says: () => text });
// This app's own writes, described as every audited route must be.
const ACTIONS = {
  'POST /api/two-rows': said('Wrote two rows'),
  'POST /api/starts-work': said('Started work'),
};
const later: Promise<unknown>[] = [];

const newsCount = async (html: string) =>
  (await queryOne<{ n: number }>(env.ctx.db, sql`select count(*)::int as n from news where html = ${html}`))
    ?.n ?? 0;
const countNews = preparedStatement(
  'audit_test_count_news',
  sql`select count(*)::int as n from news where html = ${param(1, 'text')}`,
);

beforeAll(async () => {
  env = await testEnv();
  app = Fastify();
  registerErrorHandling(app);
  await app.register(
    async (api) => {
      api.decorateRequest('principal', null);
      auditWrites(api, env.ctx, ACTIONS);
      // Writes a row, another in a service's own transaction (a savepoint), then refuses when told to.
      api.post<{ Body: { html: string; refuse?: boolean } }>('/two-rows', async (req) => {
        const { html, refuse } = req.body;
        await env.ctx.db.insert(news).values({ html });
        await env.ctx.db.transaction((tx) => tx.insert(news).values({ html }));
        await publishChange(env.ctx, 'tracking');
        if (refuse) throw formError('Refused after writing');
        const [prepared] = await queryPrepared<{ n: number }>(env.ctx.db, countNews, [html]);
        return { seen: prepared.n };
      });
      // Starts work that outlives the request.
      api.post<{ Body: { html: string } }>('/starts-work', async (req) => {
        later.push(sleep(50).then(() => env.ctx.db.insert(news).values({ html: req.body.html })));
        return { ok: true };
      });
      api.get('/reads', { config: {} }, async () => ({ ok: true }));
    },
    { prefix: '/api' },
  );
});
afterAll(() => app.close());

const post = (url: string, payload: object) =>
  app.inject({ method: 'POST', url: `/api/${url}`, payload, headers: { 'user-agent': 'unit' } });

describe('an audited write', () => {
  it('commits its rows with one audit row and its changes, and tells the caches after the commit', async () => {
    const html = `audit-${Date.now()}-ok`;
    const seenByHandler: number[] = [];
    const stop = subscribeChanges(env.ctx, 'tracking', async () => {
      seenByHandler.push(await newsCount(html));
    });
    const mark = await auditMark(env.ctx);
    const res = await post('two-rows', { html });
    await stop();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ seen: 2 });
    // The notice ran once the rows were committed (outside the transaction: on PGlite, inside it would wait forever).
    expect(seenByHandler).toEqual([2]);
    const rows = await auditRowsSince(env.ctx, mark);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'POST /api/two-rows', account_id: null, user_agent: 'unit' });
    expect(rows[0].target_type).toBe('news');
    const changes = await changesOf(env.ctx, rows[0].id);
    expect(changes.map((c) => [c.table_name, c.op, c.after?.html])).toEqual([
      ['news', 'insert', html],
      ['news', 'insert', html],
    ]);
  });

  it('leaves nothing when refused after writing: neither its rows nor an audit row, and no notice', async () => {
    const html = `audit-${Date.now()}-refused`;
    let notices = 0;
    const stop = subscribeChanges(env.ctx, 'tracking', () => void (notices += 1));
    const mark = await auditMark(env.ctx);
    const res = await post('two-rows', { html, refuse: true });
    await stop();
    expect(res.statusCode).toBe(400);
    expect(await newsCount(html)).toBe(0);
    expect(await auditRowsSince(env.ctx, mark)).toEqual([]);
    expect(notices).toBe(0);
  });

  it('lets work the request started run on the plain database once it answered', async () => {
    const html = `audit-${Date.now()}-later`;
    const mark = await auditMark(env.ctx);
    expect((await post('starts-work', { html })).statusCode).toBe(200);
    await Promise.all(later.splice(0));
    expect(await newsCount(html)).toBe(1);
    // Written outside the write: no change of the request's audit row names it.
    const [row] = await auditRowsSince(env.ctx, mark);
    expect(await changesOf(env.ctx, row.id)).toEqual([]);
  });

  it('runs writes at once, each in its own transaction with its own audit row', async () => {
    const mark = await auditMark(env.ctx);
    const htmls = Array.from({ length: 6 }, (_, i) => `audit-${Date.now()}-${i}`);
    const answers = await Promise.all(htmls.map((html) => post('two-rows', { html })));
    expect(answers.map((r) => r.statusCode)).toEqual(htmls.map(() => 200));
    const rows = await auditRowsSince(env.ctx, mark);
    expect(rows).toHaveLength(6);
    for (const row of rows) {
      const changes = await changesOf(env.ctx, row.id);
      expect(changes).toHaveLength(2);
      expect(changes[0].after?.html).toBe(changes[1].after?.html);
    }
  });

  it('writes nothing for a read', async () => {
    const mark = await auditMark(env.ctx);
    expect((await app.inject({ method: 'GET', url: '/api/reads' })).statusCode).toBe(200);
    expect(await auditRowsSince(env.ctx, mark)).toEqual([]);
  });
});

describe('the audit log itself', () => {
  it('cannot be changed or deleted, but by the retention', async () => {
    const html = `audit-${Date.now()}-kept`;
    const mark = await auditMark(env.ctx);
    await post('two-rows', { html });
    const [row] = await auditRowsSince(env.ctx, mark);
    await expect(
      env.ctx.db.execute(sql`update audit_logs set ip = 'x' where id = ${row.id}`),
    ).rejects.toThrow();
    await expect(
      env.ctx.db.execute(sql`delete from audit_changes where audit_id = ${row.id}`),
    ).rejects.toThrow();
    await expect(env.ctx.db.execute(sql`delete from audit_logs where id = ${row.id}`)).rejects.toThrow();
    expect(await auditRowsSince(env.ctx, mark)).toHaveLength(1);
    const [kept] = await env.ctx.db.select().from(news).where(eq(news.html, html));
    expect(kept).toBeDefined();
  });
});

describe('route declarations', () => {
  const build = async (declare: (api: FastifyInstance) => void) => {
    const bad = Fastify();
    await bad.register(async (api) => {
      auditWrites(api, env.ctx, { 'POST /described': said('Did a thing') });
      declare(api);
    });
    return bad.ready();
  };

  it('refuses a POST under a path that reads like a read without saying which it is', async () => {
    await expect(build((api) => api.post('/things/search', async () => ({})))).rejects.toThrow(
      /declare read: true/,
    );
    await expect(build((api) => api.post('/thing-logs', async () => ({})))).rejects.toThrow(/declare read/);
    await expect(
      build((api) => api.post('/things/search', { config: { read: true } }, async () => ({}))),
    ).resolves.toBeDefined();
  });

  it('refuses an audited route its declarations do not describe in words', async () => {
    await expect(build((api) => api.post('/undescribed', async () => ({})))).rejects.toThrow(
      /POST \/undescribed is audited but not described: add/,
    );
    await expect(build((api) => api.post('/described', async () => ({})))).resolves.toBeDefined();
    // A read needs no description.
    await expect(build((api) => api.get('/reads', async () => ({})))).resolves.toBeDefined();
  });

  it('refuses a target on a read, and a target whose id is not in the path', async () => {
    await expect(
      build((api) => api.get('/things/:id', { config: { audit: { target: 'site' } } }, async () => ({}))),
    ).rejects.toThrow(/reads/);
    await expect(
      build((api) => api.post('/things', { config: { audit: { target: 'site' } } }, async () => ({}))),
    ).rejects.toThrow(/path parameter/);
  });
});
