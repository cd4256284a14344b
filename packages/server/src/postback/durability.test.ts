// Durability with real server processes (demo data: site 1 with token demo-1, types 1 and 2, agents 1-10).
// PostgreSQL when TEST_DATABASE_URL is set (database {its name}_durability), else PGlite in a temp dir.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config';
import { entryArgs } from '../test/app-build';
import { checkAcceptedLogged, checkSales, checkTotals } from '../test/cluster-checks';
import { queryOne, queryRows, sql, type Db } from '../db/client';
import {
  freePort,
  getUntil,
  pgliteStore,
  postgresStore,
  RESTART_MS,
  retries,
  ServerProcess,
  sleep,
  type Store,
} from '../test/durability-fixtures';

const pgUrl = process.env.TEST_DATABASE_URL;
const UNIQUE_SALES = 300;
// DURABILITY_KILLS raises the number of kills for a longer soak run.
const KILLS = Number(process.env.DURABILITY_KILLS ?? 3);
const WORKERS = 6;

let store: Store;
let server: ServerProcess;
beforeAll(async () => {
  store = pgUrl ? await postgresStore(pgUrl) : pgliteStore();
  server = new ServerProcess(await freePort(), store);
  await server.start();
}, 0); // no wall-clock limit: the start waits for the server's answer as long as it works towards it
afterAll(async () => {
  await server?.stop('SIGKILL');
  if (store) fs.rmSync(store.dataDir, { recursive: true, force: true });
});

const clickIdOf = (res: Response) =>
  Number(new URL(res.headers.get('location') ?? '').searchParams.get('clickid'));

async function withData<T>(fn: (db: Db) => Promise<T>): Promise<T> {
  const data = await store.open();
  try {
    return await fn(data.db);
  } finally {
    await data.close();
  }
}

interface Op {
  txId: string;
  /** The sale's click; none for a reversal. */
  clickId?: number;
  event: 'sale' | 'bonus' | 'refund' | 'chargeback';
}

async function makeClicks(count: number, deadline: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const url = `${server.base}/api/links/go/1/${1 + (i % 2)}/${1 + (i % 10)}`;
    ids.push(clickIdOf(await getUntil(url, deadline, (s) => s === 302)));
  }
  await sleep(500); // the writer flushes every 100 ms: these clicks are stored before the first kill
  return ids;
}

/** 300 sales (every fifth a bonus) plus a resend of an earlier one after every fourth: 20% duplicates. */
function postbackOps(clickIds: number[]): Op[] {
  const unique = Array.from({ length: UNIQUE_SALES }, (_, i): Op => ({
    txId: `d-${i}`,
    clickId: clickIds[i % clickIds.length],
    event: i % 5 === 0 ? 'bonus' : 'sale',
  }));
  return unique.flatMap((op, i) => (i % 4 === 3 ? [op, unique[Math.floor(i / 2)]] : [op]));
}

/** A reversal of every second acknowledged sale (every fourth a chargeback), a third of them sent twice. */
function reversalOps(sales: string[]): Op[] {
  const unique = sales
    .filter((_, i) => i % 2 === 0)
    .map((txId, i): Op => ({ txId, event: i % 4 === 0 ? 'chargeback' : 'refund' }));
  return unique.flatMap((op, i) => (i % 3 === 2 ? [op, unique[Math.floor(i / 2)]] : [op]));
}

const postbackUrl = (op: Op) =>
  op.clickId === undefined
    ? `${server.base}/api/postback/1?token=demo-1&event=${op.event}&txId=${op.txId}`
    : `${server.base}/api/postback/1?token=demo-1&clickId=${op.clickId}&event=${op.event}&txId=${op.txId}&email=${op.txId}%40example.com`;

/**
 * Sends every op until acknowledged while the server is SIGKILLed and restarted KILLS times; answers the
 * saleId acknowledged per txId (a repeat must answer the same).
 */
async function streamWithKills(ops: Op[], deadline: number): Promise<Map<string, number>> {
  const acked = new Map<string, number>();
  let next = 0;
  const url = postbackUrl;
  const worker = async () => {
    while (next < ops.length) {
      const op = ops[next++];
      const body = (await (await getUntil(url(op), deadline)).json()) as { saleId: number };
      if (acked.has(op.txId)) expect(body.saleId).toBe(acked.get(op.txId));
      acked.set(op.txId, body.saleId);
    }
  };
  let failed = false; // stops the killer, so a failed run leaves no server restarting behind it
  const killer = async () => {
    for (let k = 1; k <= KILLS; k++) {
      while (!failed && next < (ops.length * k) / (KILLS + 1)) await sleep(2);
      if (failed) return;
      await server.stop('SIGKILL');
      await server.start();
    }
  };
  const guard = (p: Promise<void>) =>
    p.catch((err) => {
      failed = true;
      throw err;
    });
  await Promise.all([guard(killer()), ...Array.from({ length: WORKERS }, () => guard(worker()))]);
  return acked;
}

/**
 * Every acknowledged reversal stored once: one reversal row per reversed sale, of the kind sent, with the
 * sale's money negated, the id acknowledged, and no reversal of a sale that was not reversed.
 */
async function checkReversals(db: Db, ops: Op[], acked: Map<string, number>) {
  const rows = await queryRows<{ id: string; tx_id: string; event_type: number; ok: boolean; kind: number }>(
    db,
    sql`select r.id::text, r.tx_id, r.event_type, s.reversal_kind as kind,
               (r.payout = -s.payout and r.earning = -s.earning and r.lpp = -s.lpp) as ok
        from sales r join sales s on s.id = r.reverses_id where r.event_type in (3, 4)`,
  );
  const kinds = new Map(ops.map((op) => [op.txId, op.event === 'refund' ? 3 : 4]));
  expect(rows.map((r) => r.tx_id).sort()).toEqual([...kinds.keys()].sort());
  for (const r of rows) {
    expect([r.tx_id, r.event_type, r.kind, r.ok]).toEqual([r.tx_id, kinds.get(r.tx_id), r.event_type, true]);
    expect(Number(r.id)).toBe(acked.get(r.tx_id));
  }
  await checkTotals(db);
}

/** 16 keep-alive loops clicking until the server stops answering 302; SIGTERM once 3,000 were answered. */
async function clickUntilSigterm(): Promise<{ answered: number[]; exitCode: number | null }> {
  const answered: number[] = [];
  const loader = async (w: number) => {
    for (;;) {
      const res = await fetch(`${server.base}/api/links/go/1/1/${1 + (w % 10)}`, {
        redirect: 'manual',
      }).catch(() => undefined);
      await res?.text();
      if (res?.status !== 302) return;
      answered.push(clickIdOf(res));
    }
  };
  let stopped = false; // every loader met a server that no longer answers
  const loaders = Promise.all(Array.from({ length: 16 }, (_, w) => loader(w))).then(() => (stopped = true));
  // 3,000 clicks, or what 15 s gave if over 1,000: a busy machine answers fewer, and the wait goes on.
  const deadline = Date.now() + 15_000;
  while (!stopped && answered.length < 3000 && (Date.now() < deadline || answered.length <= 1000))
    await sleep(5);
  const exitCode = await server.stop('SIGTERM');
  await loaders;
  return { answered, exitCode };
}

async function checkClicks(db: Db, answered: number[]) {
  const stored = await queryOne<{ n: number }>(
    db,
    sql`select count(*)::int as n from clicks where id = any(${sql.param(answered)}::bigint[])`,
  );
  expect(stored?.n).toBe(answered.length);
  const sums = await queryOne<Record<string, number>>(
    db,
    sql`select (select count(*)::int from clicks) as clicks, (select count(*)::int from clicks where is_unique) as uniques,
               (select sum(raws)::int from stats_daily) as raws, (select sum(uniques)::int from stats_daily) as s_uniques`,
  );
  expect([sums?.raws, sums?.s_uniques]).toEqual([sums?.clicks, sums?.uniques]);
}

function runRebuildCli() {
  return spawnSync(process.execPath, entryArgs('rollups/rebuild-cli'), {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      SECRET_KEY: 'durability-secret-key-0123456789',
      ...store.env,
    },
    encoding: 'utf8',
  });
}

/** The sales the first test stored, for the reversals of the second. */
let sold: string[] = [];

describe('durability', () => {
  it(
    'keeps every acknowledged sale exactly once through SIGKILL restarts',
    async () => {
      const deadline = Date.now() + 60_000 + KILLS * RESTART_MS;
      const acked = await streamWithKills(postbackOps(await makeClicks(40, deadline)), deadline).catch(
        (err) => {
          throw new Error(`${String(err)}\nserver output:\n${server.output}`);
        },
      );
      expect(acked.size).toBe(UNIQUE_SALES);
      expect(retries.count).toBeGreaterThanOrEqual(KILLS); // the senders met every dead server
      expect(await server.stop('SIGTERM')).toBe(0);
      await withData(async (db) => {
        await checkSales(db, acked);
        await checkAcceptedLogged(db);
      });
      sold = [...acked.keys()];
    },
    90_000 + KILLS * RESTART_MS,
  );

  it(
    'keeps every acknowledged refund and chargeback exactly once through SIGKILL restarts',
    async () => {
      expect(sold).toHaveLength(UNIQUE_SALES);
      if (!server.running) await server.start();
      const ops = reversalOps(sold);
      const retriesBefore = retries.count;
      const deadline = Date.now() + 60_000 + KILLS * RESTART_MS;
      const acked = await streamWithKills(ops, deadline).catch((err) => {
        throw new Error(`${String(err)}\nserver output:\n${server.output}`);
      });
      expect(acked.size).toBe(UNIQUE_SALES / 2);
      expect(retries.count - retriesBefore).toBeGreaterThanOrEqual(KILLS);
      expect(await server.stop('SIGTERM')).toBe(0);
      await withData(async (db) => {
        await checkReversals(db, ops, acked);
        await checkAcceptedLogged(db);
      });
    },
    90_000 + KILLS * RESTART_MS,
  );

  it(
    'loses no answered click on SIGTERM under click load; the rebuild agrees',
    async () => {
      if (!server.running) await server.start();
      const { answered, exitCode } = await clickUntilSigterm();
      expect(exitCode, `server output:\n${server.output}`).toBe(0);
      expect(answered.length).toBeGreaterThan(1000);
      await withData((db) => checkClicks(db, answered));
      const rebuild = runRebuildCli();
      expect(rebuild.status, rebuild.stderr).toBe(0);
      expect(rebuild.stdout).toMatch(/ 0 rows differ/);
    },
    RESTART_MS + 120_000,
  );
});
