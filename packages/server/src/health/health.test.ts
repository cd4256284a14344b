import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../db/client';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { clusterNode, clusterTestsOn, dropRedisKeys, testRedisPrefix } from '../test/cluster';
import { buildClickPath } from '../test/factories';
import { call, secondInstance, testEnv, type TestEnv } from '../test/harness';
import { runningTracking, startTracking } from '../tracking/runtime';
import { flushClicks } from '../tracking/service';
import { checkClickWriter, checkHealth, HEALTH_TIMEOUT_MS, WRITER_BEHIND_MS } from './service';

let env: TestEnv;
beforeAll(async () => {
  env = await testEnv();
});

describe('GET /api/health', () => {
  it('answers 200 ok to anybody while the database answers, writing nothing', async () => {
    const res = await call(env.app, 'GET', 'health');
    expect([res.status, res.body]).toEqual([200, { status: 'ok' }]);
    // A stale token does not matter to a public route.
    const stale = await call(env.app, 'GET', 'health', { token: 'not-a-token' });
    expect([stale.status, stale.body]).toEqual([200, { status: 'ok' }]);
  });

  it('answers 503 with the reason when the database does not answer in time', async () => {
    // A process of its own whose every connection is held (PGlite has one; a pool has 20).
    const busy = await secondInstance();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    const held = Array.from({ length: 20 }, () => busy.ctx.db.transaction(() => gate));
    try {
      const started = Date.now();
      const res = await call(busy.app, 'GET', 'health');
      expect([res.status, res.body]).toEqual([
        503,
        { status: 'unavailable', reason: `the database did not answer within ${HEALTH_TIMEOUT_MS} ms` },
      ]);
      expect(Date.now() - started).toBeLessThan(HEALTH_TIMEOUT_MS + 1000);
    } finally {
      release();
      await Promise.all(held);
    }
    expect((await call(busy.app, 'GET', 'health')).status).toBe(200);
  });

  it('names only the kind of failure when the database refuses the connection (an app cannot start so)', async () => {
    const pool = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:1/none' });
    pool.on('error', () => undefined);
    const down = drizzle({ client: pool }) as unknown as Db;
    try {
      expect(await checkHealth(down)).toMatchObject({
        status: 'unavailable',
        reason: 'the database failed (ECONNREFUSED)',
      });
    } finally {
      await pool.end();
    }
  });
});

/** Three clicks held from the table: 200 while young, 503 with the reason once old, 200 once stored. */
async function writerLagAnswers(app: FastifyInstance, ctx: AppContext) {
  const p = await buildClickPath(ctx);
  const click = () =>
    call(app, 'GET', `links/go/${p.site.id}/${p.type.id}/${p.agent.id}`, { ip: '10.77.0.1' });
  // Another file of this worker may have closed the click path: the click starts it again.
  const writer = (runningTracking(ctx) ?? (await startTracking(ctx))).writer;
  await flushClicks(ctx);
  let release: () => void = () => undefined;
  writer.holdWrites(new Promise<void>((r) => (release = r)));
  try {
    for (let i = 0; i < 3; i++) expect((await click()).status).toBe(302);
    // Answered and journaled, not stored: young enough to be no reason yet.
    expect((await call(app, 'GET', 'health')).status).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + WRITER_BEHIND_MS + 2000);
    const res = await call(app, 'GET', 'health');
    expect([res.status, res.body]).toEqual([
      503,
      { status: 'unavailable', reason: 'the click writer is 12 s behind (3 clicks waiting)' },
    ]);
  } finally {
    vi.useRealTimers();
    release();
  }
  await flushClicks(ctx);
  expect(writer.size).toBe(0);
  expect((await call(app, 'GET', 'health')).status).toBe(200);
}

describe('the click writer in the health check', () => {
  it('answers 503 once the oldest click waiting for the table is WRITER_BEHIND_MS old, 200 once stored', () =>
    writerLagAnswers(env.app, env.ctx));

  it.skipIf(!clusterTestsOn)(
    'does the same in cluster mode, where clicks reach the writer through Redis',
    async () => {
      const prefix = testRedisPrefix('health');
      const node = await clusterNode(prefix);
      try {
        await writerLagAnswers(node.app, node.ctx);
      } finally {
        await node.close();
        await dropRedisKeys(prefix);
      }
    },
  );

  it('says how far behind and how many wait in public-safe words', () => {
    const now = 1_000_000;
    expect(checkClickWriter(undefined, now)).toEqual({ status: 'ok' });
    expect(checkClickWriter({ oldestPendingAt: undefined, size: 0 }, now)).toEqual({ status: 'ok' });
    expect(checkClickWriter({ oldestPendingAt: now - WRITER_BEHIND_MS + 1, size: 5 }, now)).toEqual({
      status: 'ok',
    });
    expect(checkClickWriter({ oldestPendingAt: now - 12_400, size: 3400 }, now)).toEqual({
      status: 'unavailable',
      reason: 'the click writer is 12 s behind (3,400 clicks waiting)',
    });
    expect(checkClickWriter({ oldestPendingAt: now - WRITER_BEHIND_MS, size: 1 }, now)).toMatchObject({
      reason: 'the click writer is 10 s behind (1 click waiting)',
    });
  });
});
