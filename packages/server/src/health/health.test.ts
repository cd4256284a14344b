import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { call, secondInstance, testEnv, type TestEnv } from '../test/harness';
import { checkHealth, HEALTH_TIMEOUT_MS } from './service';

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
