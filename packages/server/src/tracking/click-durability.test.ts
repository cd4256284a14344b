// No answered click is lost when its node is killed with kill -9 (real server processes, demo data: site 1,
// types 1 and 2, agents 1-10). Single node: PostgreSQL when TEST_DATABASE_URL is set, else PGlite; the
// killed server is restarted and replays its local journal. Cluster mode (TEST_DATABASE_URL and
// TEST_REDIS_URL): two nodes; the killed one stays dead and the other takes its Redis stream over.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { queryOne, sql, type Db } from '../db/client';
import { countRollupMismatches } from '../rollups/rebuild';
import {
  freePort,
  pgliteStore,
  postgresStore,
  RESTART_MS,
  ServerProcess,
  type Store,
} from '../test/durability-fixtures';
import { JOURNAL_DIR } from './file-journal';
import { dropRedisKeys } from '../test/cluster';
import { BROWSER_AGENT } from '../test/harness';
import { until } from '../test/until';

const pgUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const LOADERS = 16;
/** Answered clicks before the kill: enough that the writer holds some in memory when it lands. */
const BEFORE_KILL = 1500;

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const clean of cleanups.reverse()) await clean();
});

const clickIdOf = (res: Response) =>
  Number(new URL(res.headers.get('location') ?? '').searchParams.get('clickid'));

/** Keep-alive loops clicking `base` until it stops answering 302 (killed) or `stop` says so. */
function clickLoad(base: string, loaders: number, stop: { now: boolean }) {
  const answered: number[] = [];
  const loop = async (w: number) => {
    // Every loop goes round the 20 (type, agent) pairs of the demo site: every node clicks each of them.
    for (let n = 0; !stop.now; n++) {
      const res = await fetch(`${base}/api/links/go/1/${1 + (n % 2)}/${1 + ((w + n) % 10)}`, {
        redirect: 'manual',
        headers: { 'user-agent': BROWSER_AGENT },
      }).catch(() => undefined);
      await res?.text().catch(() => undefined);
      if (res?.status !== 302) return;
      answered.push(clickIdOf(res));
    }
  };
  const done = Promise.all(Array.from({ length: loaders }, (_, w) => loop(w)));
  return { answered, done };
}

async function withData<T>(store: Store, fn: (db: Db) => Promise<T>): Promise<T> {
  const data = await store.open();
  try {
    return await fn(data.db);
  } finally {
    await data.close();
  }
}

const storedOf = async (db: Db, ids: number[]) =>
  (await queryOne<{ n: number }>(
    db,
    sql`select count(*)::int as n from clicks where id = any(${sql.param(ids)}::bigint[])`,
  ))!.n;

/** Every answered click stored exactly once; raw rows and stats_daily agree. */
async function checkClicks(db: Db, answered: number[]) {
  expect(new Set(answered).size).toBe(answered.length);
  expect(await storedOf(db, answered)).toBe(answered.length);
  const t = await queryOne<Record<string, number>>(
    db,
    sql`select count(*)::int as rows, count(distinct id)::int as ids, (count(*) filter (where is_unique))::int as uniques,
               (select sum(raws)::int from stats_daily) as raws, (select sum(uniques)::int from stats_daily) as s_uniques
        from clicks`,
  );
  expect(t).toEqual({
    rows: t!.ids,
    ids: t!.ids,
    uniques: t!.s_uniques,
    raws: t!.rows,
    s_uniques: t!.uniques,
  });
  expect(t!.rows).toBeGreaterThanOrEqual(answered.length);
  expect(await countRollupMismatches(db)).toBe(0);
}

const journalFiles = (dataDir: string) => {
  const dir = path.join(dataDir, JOURNAL_DIR);
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

describe('answered clicks through kill -9', () => {
  it(
    `single node (${pgUrl ? 'PostgreSQL' : 'PGlite'}): the restart stores what the killed process had answered`,
    async () => {
      const store = pgUrl ? await postgresStore(pgUrl, `${dbName(pgUrl)}_clickdur`) : pgliteStore();
      cleanups.push(() => fs.rmSync(store.dataDir, { recursive: true, force: true }));
      const server = new ServerProcess(await freePort(), store);
      cleanups.push(async () => void (await server.stop('SIGKILL')));
      await server.start();

      const load = clickLoad(server.base, LOADERS, { now: false });
      await until(() => load.answered.length >= BEFORE_KILL, `${BEFORE_KILL} answered clicks`, 60_000);
      await server.stop('SIGKILL');
      await load.done;
      const answered = [...load.answered];

      // The journal is what keeps them: the table alone misses the clicks of the last batches. On a
      // loaded machine the clickers may have stalled a whole flush interval before the kill, and then
      // the table holds them all already: the restart must still leave each one stored once.
      const missing = answered.length - (await withData(store, (db) => storedOf(db, answered)));
      expect(missing).toBeGreaterThanOrEqual(0);
      expect(journalFiles(store.dataDir).length).toBeGreaterThan(0);

      await server.start();
      if (missing > 0)
        expect(server.output).toMatch(/stored the local click journal left by a stopped process/);
      expect(await server.stop('SIGTERM')).toBe(0);
      expect(journalFiles(store.dataDir)).toEqual([]); // a clean stop leaves no journal
      await withData(store, (db) => checkClicks(db, answered));
    },
    3 * RESTART_MS,
  );

  it.skipIf(!pgUrl || !redisUrl)(
    'cluster mode: another node takes the dead node’s stream over, and uniqueness holds across nodes',
    async () => {
      const prefix = `test:clickdur:${process.pid}:${Date.now()}:`;
      cleanups.push(() => dropRedisKeys(prefix, redisUrl!));
      const store = await postgresStore(pgUrl!, `${dbName(pgUrl!)}_clickdur_cluster`);
      const dirB = fs.mkdtempSync(path.join(os.tmpdir(), 'salesdesk-dur-b-'));
      cleanups.push(() => {
        fs.rmSync(store.dataDir, { recursive: true, force: true });
        fs.rmSync(dirB, { recursive: true, force: true });
      });
      const cluster = { REDIS_URL: redisUrl!, REDIS_PREFIX: prefix };
      // The first node writes no batch until it fills (1,000 clicks) before it dies: the clicks it answered
      // since are in its Redis stream alone, whatever the machine's load, and the second node's takeover
      // is what stores them.
      const a = new ServerProcess(await freePort(), {
        ...store,
        env: { ...store.env, ...cluster, CLICK_WRITER_TEST_INTERVAL_MS: '600000' },
      });
      const b = new ServerProcess(await freePort(), {
        ...store,
        env: { ...store.env, ...cluster, DATA_DIR: dirB },
      });
      cleanups.push(async () => void (await Promise.all([a.stop('SIGKILL'), b.stop('SIGKILL')])));
      await a.start(); // the first node creates the demo data
      await b.start();

      const stopB = { now: false };
      const loadA = clickLoad(a.base, LOADERS / 2, { now: false });
      const loadB = clickLoad(b.base, LOADERS / 2, stopB);
      await until(
        () => loadA.answered.length >= BEFORE_KILL / 2,
        'clicks answered by the first node',
        60_000,
      );
      await a.stop('SIGKILL');
      await loadA.done;
      const killedAt = loadB.answered.length;
      await until(
        () => loadB.answered.length >= killedAt + 200,
        'clicks answered by the second node',
        30_000,
      );
      stopB.now = true;
      await loadB.done;

      const db = await store.open();
      try {
        // Only the dead node's stream has these (a batch that filled up, 1,000 clicks, was written).
        const missing = loadA.answered.length - (await storedOf(db.db, loadA.answered));
        expect(missing).toBeGreaterThan(0);
        // The heartbeat lapses in 5 s; the second node looks every second. The first is never restarted.
        await until(
          async () => (await storedOf(db.db, loadA.answered)) === loadA.answered.length,
          'the takeover',
          30_000,
        );
      } finally {
        await db.close();
      }
      // The log line follows the last batch's commit and the stream's removal, so it may come a moment later.
      await until(
        () => /stored the click journal of stopped node/.test(b.output),
        'the takeover’s log line',
        10_000,
      );
      expect(await b.stop('SIGTERM')).toBe(0);

      await withData(store, async (data) => {
        await checkClicks(data, [...loadA.answered, ...loadB.answered]);
        // Both nodes clicked the same 20 (type, agent) pairs from one address: one unique click each, today.
        const keys = await queryOne<{ keys: number; uniques: number }>(
          data,
          sql`select count(distinct (type_id, agent_id, ip))::int as keys, (count(*) filter (where is_unique))::int as uniques
              from clicks`,
        );
        expect(keys).toEqual({ keys: 20, uniques: 20 });
      });
      const redis = new Redis(redisUrl!, { keyPrefix: prefix });
      try {
        expect(await redis.smembers('clicks:nodes')).toEqual([]); // both journals gone: taken over, closed
      } finally {
        redis.disconnect();
      }
    },
    4 * RESTART_MS,
  );
});

const dbName = (url: string) => new URL(url).pathname.slice(1) || 'salesdesk';
