// The cluster click journal on a real Redis (TEST_REDIS_URL; skipped without it), each run under a key
// prefix of its own, removed afterwards.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { easternDay } from '@salesdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRedis } from '../common/redis';
import { buildClickPath } from '../test/factories';
import { testEnv, type TestEnv } from '../test/harness';
import { gatedWriter, journalClicks, siteRollup, storedClicks } from '../test/journal-fixtures';
import { ClickBatch, type ClickRecord } from './click-batch';
import { ClickKeeper } from './click-keeper';
import { FileJournal } from './file-journal';
import { decodeClicks } from './journal-format';
import { clickMayHaveLanded } from './service';
import { insertClicks, nextClickIds } from './sql';
import { entryClicks, StreamJournal, streamKeys } from './stream-journal';

const redisUrl = process.env.TEST_REDIS_URL;
const prefix = `test:clickjournal:${process.pid}:${Date.now()}:`;

let env: TestEnv;
let redis: Redis;
const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'salesdesk-stream-test-'));
  dirs.push(dir);
  return dir;
};

beforeAll(async () => {
  if (!redisUrl) return;
  env = await testEnv();
  redis = await openRedis(redisUrl, prefix);
});
afterAll(async () => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  if (!redisUrl) return;
  redis.disconnect();
  const plain = new Redis(redisUrl);
  for (let cursor = '0'; ;) {
    const [next, keys] = await plain.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    if (keys.length) await plain.del(...keys);
    if ((cursor = next) === '0') break;
  }
  plain.disconnect();
});

/**
 * A node: its stream journal, a local journal, a writer that commits only once released. Its ticks wait
 * 30 s for Redis (500 ms in the app): these cases are about what Redis answers, and on a loaded CI
 * machine an answer came late once, so the tick went to disk unique by its node alone. Redis away is
 * still refused at once.
 */
function node(client = redis) {
  const stream = new StreamJournal(client, env.ctx.db, () => undefined);
  const file = new FileJournal(tempDir());
  const gated = gatedWriter(env.ctx, (committed) => keeper.trim(committed));
  const keeper = new ClickKeeper(gated.writer, file, stream, () => undefined, 30_000);
  return { stream, file, keeper, ...gated };
}

/** Keeps the clicks in one tick; answers each click as it was kept (null: refused). */
async function keepTick(keeper: ClickKeeper, clicks: ClickRecord[]) {
  const kept: Array<ClickRecord | null> = [];
  for (const c of clicks) keeper.keep(c, '', (_: null, k) => kept.push(k), null);
  await keeper.drain();
  return kept;
}

/**
 * Stops the node's heartbeat and its once-a-second scan for dead nodes, and marks it alive until it is
 * closed: the test then decides when a takeover runs (the scan, on a loaded machine, had run first).
 */
async function aliveWithoutScan(n: ReturnType<typeof node>) {
  await n.stream.close(false);
  await redis.set(streamKeys.alive(n.stream.node), '1');
}

const streamIds = async (n: string) =>
  (await redis.xrange(streamKeys.stream(n), '-', '+')).flatMap(([, f]) => entryClicks(f)).map((c) => c.id);

describe.skipIf(!redisUrl)('StreamJournal', () => {
  it('adds a tick as one entry before its answers and trims it once the writer committed it', async () => {
    const p = await buildClickPath(env.ctx);
    const a = node();
    await a.stream.start();
    const first = await journalClicks(env.ctx.db, p, 30);
    const second = await journalClicks(env.ctx.db, p, 20);
    expect((await keepTick(a.keeper, first)).map((c) => c?.id)).toEqual(first.map((c) => c.id));
    await keepTick(a.keeper, second);
    expect(await redis.xlen(streamKeys.stream(a.stream.node))).toBe(2); // one entry per tick
    // What the entries hold reads back whole (texts, times, uniqueness).
    const entries = await redis.xrange(streamKeys.stream(a.stream.node), '-', '+');
    expect(entries.flatMap(([, f]) => entryClicks(f))).toEqual([...first, ...second]);
    expect(await redis.exists(streamKeys.alive(a.stream.node))).toBe(1);
    expect(await redis.sismember(streamKeys.nodes, a.stream.node)).toBe(1);

    const flushed = a.writer.flush();
    a.release();
    await flushed;
    await new Promise((r) => setTimeout(r, 50)); // the trim is sent without waiting for its answer
    expect(await redis.xlen(streamKeys.stream(a.stream.node))).toBe(0);
    expect(a.file.dir && fs.readdirSync(a.file.dir)).toEqual([]); // Redis answered: nothing on disk
    await a.stream.close(true);
    expect(await redis.exists(streamKeys.stream(a.stream.node), streamKeys.alive(a.stream.node))).toBe(0);
    expect(await redis.sismember(streamKeys.nodes, a.stream.node)).toBe(0);
  });

  it('counts the first click of an address unique on one node only, however many nodes saw it first', async () => {
    const p = await buildClickPath(env.ctx);
    const [a, b] = [node(), node()];
    // Each node's memory says "first here" for both clicks: Redis decides.
    const [ca, cb] = await journalClicks(env.ctx.db, p, 2);
    const [onlyA] = await journalClicks(env.ctx.db, p, 1);
    for (const c of [ca, cb, onlyA])
      Object.assign(c, { ip: `198.51.100.${p.agent.id % 250}`, isUnique: true });
    onlyA.agentId = p.agent.id;
    onlyA.typeId = p.type.id + 1_000_000; // another key
    const [keptA, keptB] = await Promise.all([keepTick(a.keeper, [ca, onlyA]), keepTick(b.keeper, [cb])]);
    const firsts = [keptA[0]!.isUnique, keptB[0]!.isUnique];
    expect(firsts.sort()).toEqual([false, true]);
    expect(keptA[1]!.isUnique).toBe(true);
    // The entries say the same: a taker would store the uniqueness the nodes answered with.
    expect(
      (await redis.xrange(streamKeys.stream(a.stream.node), '-', '+'))
        .flatMap(([, f]) => entryClicks(f))
        .map((c) => c.isUnique),
    ).toEqual([keptA[0]!.isUnique, true]);
    expect(
      await redis.ttl(streamKeys.unique(easternDay(new Date()), p.type.id, p.agent.id, ca.ip)),
    ).toBeGreaterThan(47 * 3600);
    await Promise.all([a.stream.close(true), b.stream.close(true)]);
  });

  it('lets another node store a dead node’s stream once, even when it is replayed twice', async () => {
    const p = await buildClickPath(env.ctx);
    const dead = node();
    await dead.stream.start();
    const clicks = await journalClicks(env.ctx.db, p, 1500);
    for (let i = 0; i < clicks.length; i += 100) await keepTick(dead.keeper, clicks.slice(i, i + 100));
    // Its first 700 clicks were committed by the node itself (the writer never commits: it is killed).
    await insertClicks(env.ctx.db, ClickBatch.of(clicks.slice(0, 700)));
    await dead.stream.close(false); // killed: no more heartbeats ...
    await redis.del(streamKeys.alive(dead.stream.node)); // ... and the last one has expired
    // A copy of its stream under another dead node: the same clicks replayed a second time.
    const ghost = 'ghost-' + dead.stream.node;
    for (const [, fields] of await redis.xrange(streamKeys.stream(dead.stream.node), '-', '+'))
      await redis.xadd(streamKeys.stream(ghost), '*', ...fields);
    await redis.sadd(streamKeys.nodes, ghost);

    const taker = node();
    await taker.stream.start();
    await aliveWithoutScan(taker);
    // Another live node's stream is left alone.
    const live = node();
    await live.stream.start();
    await aliveWithoutScan(live);
    const [own] = await journalClicks(env.ctx.db, p, 1);
    await keepTick(live.keeper, [own]);

    expect(await taker.stream.takeOverDead()).toBe(3000);
    expect(await taker.stream.takeOverDead()).toBe(0);
    const stored = await storedClicks(env.ctx.db, p.site.id);
    expect(stored.map((r) => [r.id, r.n, r.is_unique])).toEqual(clicks.map((c) => [c.id, 1, c.isUnique]));
    const uniques = clicks.filter((c) => c.isUnique).length;
    expect(await siteRollup(env.ctx.db, p.site.id)).toEqual({
      raws: 1500,
      uniques,
      clicks: 1500,
      unique_clicks: uniques,
    });
    for (const n of [dead.stream.node, ghost]) {
      expect(await redis.exists(streamKeys.stream(n), streamKeys.taking(n))).toBe(0);
      expect(await redis.sismember(streamKeys.nodes, n)).toBe(0);
    }
    expect(await streamIds(live.stream.node)).toEqual([own.id]);
    await Promise.all([taker.stream.close(true), live.stream.close(true)]);
  });

  it('lets a node restarted on the same host and port store its previous stream at once', async () => {
    const p = await buildClickPath(env.ctx);
    const nodeFile = path.join(tempDir(), 'journal', 'host~3001.node');
    const killed = node();
    await killed.stream.start(nodeFile);
    const clicks = await journalClicks(env.ctx.db, p, 40);
    await keepTick(killed.keeper, clicks);
    await killed.stream.close(false); // killed; its heartbeat has not lapsed yet
    expect(await redis.exists(streamKeys.alive(killed.stream.node))).toBe(1);

    const restarted = node();
    await restarted.stream.start(nodeFile);
    expect(fs.readFileSync(nodeFile, 'utf8')).toBe(restarted.stream.node);
    expect((await storedClicks(env.ctx.db, p.site.id)).map((r) => [r.id, r.n])).toEqual(
      clicks.map((c) => [c.id, 1]),
    );
    expect(
      await redis.exists(streamKeys.stream(killed.stream.node), streamKeys.alive(killed.stream.node)),
    ).toBe(0);
    expect(await redis.smembers(streamKeys.nodes)).not.toContain(killed.stream.node);
    await restarted.stream.close(true);
  });

  it('keeps clicks on disk, unique by this node alone, while Redis is away', async () => {
    const p = await buildClickPath(env.ctx);
    const away = await openRedis(redisUrl!, prefix);
    const a = node(away);
    await a.stream.start();
    away.disconnect(); // no offline queue: every command now fails at once
    const clicks = await journalClicks(env.ctx.db, p, 5);
    for (const c of clicks) c.isUnique = true;
    const kept = await keepTick(a.keeper, clicks);
    expect(kept.map((c) => [c?.id, c?.isUnique])).toEqual(clicks.map((c) => [c.id, true]));
    const onDisk = fs
      .readdirSync(a.file.dir)
      .flatMap((f) => decodeClicks(fs.readFileSync(path.join(a.file.dir, f), 'utf8')).clicks);
    expect(onDisk).toEqual(clicks);
    const flushed = a.writer.flush();
    a.release();
    await flushed;
    expect((await storedClicks(env.ctx.db, p.site.id)).map((r) => r.id)).toEqual(clicks.map((c) => c.id));
    await a.stream.close(false);
    await redis.del(streamKeys.alive(a.stream.node));
    await redis.srem(streamKeys.nodes, a.stream.node);
  });
});

describe.skipIf(!redisUrl || !process.env.TEST_DATABASE_URL)('a postback for a click of another node', () => {
  it('waits for a click id the sequence handed out, and not for one it never did', async () => {
    const p = await buildClickPath(env.ctx);
    const ctx = { ...env.ctx, redis };
    const [click] = await journalClicks(env.ctx.db, p, 1);
    let t = Date.now();
    expect(await clickMayHaveLanded(ctx, click.id + 1_000_000_000)).toBe(false);
    expect(Date.now() - t).toBeLessThan(200);

    t = Date.now();
    setTimeout(() => void insertClicks(env.ctx.db, ClickBatch.of([click])), 300);
    expect(await clickMayHaveLanded(ctx, click.id)).toBe(true);
    expect(Date.now() - t).toBeGreaterThanOrEqual(300);

    const [never] = await nextClickIds(env.ctx.db, 1); // handed out, never stored: one wait, then unknown
    t = Date.now();
    expect(await clickMayHaveLanded(ctx, never)).toBe(false);
    expect(Date.now() - t).toBeGreaterThanOrEqual(1000);
  });
});
