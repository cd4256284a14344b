// The kill test of several nodes: clicks and postbacks (20 % repeats) through HAProxy while one of three
// nodes is killed with SIGKILL and restarted; every postback acknowledged is stored once, every click
// answered 302 is stored once, and the rollups equal the raw rows. The nodes start at once on an empty
// database and seed the demo data once between them (site 1, token demo-1, types 1 and 2, agents 1-10).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryOne, sql } from '../db/client';
import {
  checkAcceptedLogged,
  checkClickRollups,
  checkSales,
  clickIdOf,
  postbackOps,
  postbackPath,
  storedClicks,
} from '../test/cluster-checks';
import {
  clusterContext,
  clusterSkipReason,
  send,
  startCluster,
  type Answer,
  type Cluster,
} from '../test/cluster-fixtures';
import { RESTART_MS, sleep } from '../test/durability-fixtures';

const skip = clusterSkipReason();
const UNIQUE_SALES = 300;
const SENDERS = 6;
const CLICKERS = 2;
const KILLED = 1; // node2

let cluster: Cluster;
describe.skipIf(skip)('three nodes behind HAProxy, one killed with SIGKILL and restarted', () => {
  beforeAll(async () => {
    cluster = await startCluster({ tag: 'kill', env: () => ({ CAPTCHA: 'off', LOG_LEVEL: 'warn' }) });
  }, RESTART_MS + 60_000);
  afterAll(() => cluster?.stop());

  /** Failed attempts: answers a dead or restarting node could not give (HAProxy's 502/503, no answer). */
  let retries = 0;

  /** GET through HAProxy until `accept`; a 4xx other than 429 fails the test. */
  async function getUntil(url: string, deadline: number, accept: (status: number) => boolean) {
    for (;;) {
      if (Date.now() > deadline) throw new Error(`no answer before the deadline: ${url}`);
      const res = await send(cluster.base, 'GET', url).catch(() => undefined);
      if (res && accept(res.status)) return res;
      if (res && res.status >= 400 && res.status < 500 && res.status !== 429) {
        throw new Error(`${res.status} ${JSON.stringify(res.body)}: ${url}`);
      }
      retries += 1;
      await sleep(50);
    }
  }

  it(
    'keeps every acknowledged postback and every click answered 302 exactly once; rollups equal the raw rows',
    async () => {
      const deadline = Date.now() + 60_000 + RESTART_MS;
      const clickIds: number[] = [];
      for (let i = 0; i < 40; i++) {
        const res = await getUntil(
          `/api/links/go/1/${1 + (i % 2)}/${1 + (i % 10)}`,
          deadline,
          (s) => s === 302,
        );
        clickIds.push(clickIdOf(res.headers.location));
      }
      await sleep(500); // each node's writer flushes every 100 ms: the sales' clicks are stored
      const ops = postbackOps(clickIds, UNIQUE_SALES);
      const acked = new Map<string, number>();
      const answered: number[] = [];
      const afterRestart = new Set<string>();
      let next = 0;
      let restarted = false;
      let failed = false;

      const sender = async () => {
        while (!failed && next < ops.length) {
          const op = ops[next++];
          const res: Answer = await getUntil(postbackPath(op), deadline, (s) => s < 300);
          const saleId = (res.body as { saleId: number }).saleId;
          if (acked.has(op.txId)) expect(saleId).toBe(acked.get(op.txId));
          acked.set(op.txId, saleId);
        }
      };
      const clicker = async (w: number) => {
        // Until the postbacks are done and the restarted node is back in rotation with the others.
        const more = () => next < ops.length || !restarted || afterRestart.size < 3;
        for (let i = 0; !failed && Date.now() < deadline && more(); i++) {
          const res = await send(
            cluster.base,
            'GET',
            `/api/links/go/1/${1 + (i % 2)}/${1 + ((i + w) % 10)}`,
          ).catch(() => undefined);
          if (res?.status !== 302) {
            retries += 1;
            await sleep(20);
            continue;
          }
          answered.push(clickIdOf(res.headers.location));
          if (restarted && res.node) afterRestart.add(res.node);
          await sleep(10); // a steady stream, not a benchmark: the senders and the nodes share two cores
        }
      };
      const killer = async () => {
        while (!failed && next < ops.length / 3) await sleep(2);
        if (failed) return;
        await cluster.nodes[KILLED].stop('SIGKILL');
        await cluster.nodes[KILLED].start();
        await cluster.untilAllServing();
        restarted = true;
      };
      const guard = (p: Promise<void>) =>
        p.catch((err) => {
          failed = true;
          throw new Error(`${String(err)}\n${cluster.outputs()}`);
        });
      await Promise.all([
        guard(killer()),
        ...Array.from({ length: SENDERS }, () => guard(sender())),
        ...Array.from({ length: CLICKERS }, (_, w) => guard(clicker(w))),
      ]);
      expect(acked.size).toBe(UNIQUE_SALES);
      expect([...afterRestart].sort()).toEqual(['node1', 'node2', 'node3']);
      // SIGTERM: every node writes the clicks it holds before it exits.
      expect(await Promise.all(cluster.nodes.map((n) => n.stop('SIGTERM')))).toEqual([0, 0, 0]);

      const { ctx, database } = await clusterContext(cluster);
      try {
        await checkSales(ctx.db, acked);
        await checkAcceptedLogged(ctx.db);
        await checkClickRollups(ctx.db);
        const seeded = await queryOne<{ n: number }>(
          ctx.db,
          sql`select count(*)::int as n from accounts where username = 'super'`,
        );
        expect(seeded?.n).toBe(1);
        const stored = await storedClicks(ctx.db, answered);
        console.log(
          `kill test: ${acked.size} postbacks acknowledged, ${answered.length} clicks answered 302, ` +
            `${answered.length - stored} of them not stored, ${retries} retries`,
        );
        expect(answered.length - stored, 'clicks answered 302 and not stored').toBe(0);
      } finally {
        await database.close();
      }
    },
    120_000 + RESTART_MS,
  );
});
