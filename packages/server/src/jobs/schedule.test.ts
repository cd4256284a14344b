import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secondInstance, testEnv, type TestEnv } from '../test/harness';
import { sleep } from '../test/server-process';
import { until } from '../test/until';
import type { Db } from '../db/client';
import { findRuns } from './job-runs';
import { inBatches, nextEasternTime, nextMinute, scheduleJob, type JobSpec, type StopJob } from './schedule';

let env: TestEnv;
/** Three processes' handles on the worker database (PostgreSQL: a pool each; PGlite: the one handle). */
let dbs: Db[];
beforeAll(async () => {
  env = await testEnv();
  dbs = [env.ctx.db, (await secondInstance()).ctx.db, (await secondInstance()).ctx.db];
});

const stops: StopJob[] = [];
afterAll(() => Promise.all(stops.map((stop) => stop())));

const DAY_MS = 86_400_000;
const LOCK_KEY = 727900;

/** A job due once at `due` (then a day later), with its own name in job_runs. */
function onceAt(due: Date, run: JobSpec['run']): JobSpec {
  return {
    name: `test-${crypto.randomUUID().slice(0, 8)}`,
    next: (now) => (now < due ? due : new Date(due.getTime() + DAY_MS)),
    run,
  };
}

/** Starts `spec` as node `node` over `db`, its clock `lagMs` behind; answers the lines it logged. */
function startNode(db: Db, node: string, spec: (db: Db, node: string) => JobSpec, lagMs = 0) {
  const logs: string[] = [];
  const stop = scheduleJob(
    { db, node, log: (msg) => logs.push(msg), now: () => Date.now() - lagMs },
    spec(db, node),
  );
  stops.push(stop);
  return { logs, stop };
}

describe('nextEasternTime', () => {
  it('is 01:30 Eastern the same or the next day, across both DST switches', () => {
    const at = (now: string) => nextEasternTime(new Date(now), 90).toISOString();
    expect(at('2026-01-10T03:00:00Z')).toBe('2026-01-10T06:30:00.000Z');
    expect(at('2026-01-10T06:30:00Z')).toBe('2026-01-11T06:30:00.000Z');
    expect(at('2026-07-04T12:00:00Z')).toBe('2026-07-05T05:30:00.000Z');
    expect(at('2026-03-08T04:00:00Z')).toBe('2026-03-08T06:30:00.000Z');
    expect(at('2026-11-01T04:00:00Z')).toBe('2026-11-01T05:30:00.000Z');
  });
});

describe('nextMinute', () => {
  it('is the next whole minute, the same on every node', () => {
    expect(nextMinute(new Date('2026-01-10T03:00:00.000Z')).toISOString()).toBe('2026-01-10T03:01:00.000Z');
    expect(nextMinute(new Date('2026-01-10T03:00:59.999Z')).toISOString()).toBe('2026-01-10T03:01:00.000Z');
  });
});

describe('scheduleJob over the job_runs ledger', () => {
  it('runs a due time once when three nodes reach it, two at once and one after the first committed', async () => {
    const due = new Date(Date.now() + 300);
    const ran: string[] = [];
    const spec = onceAt(due, async () => null);
    const job = (db: Db, node: string): JobSpec => ({
      ...spec,
      run: async ({ claim, stopping }) => {
        const n = await inBatches(db, LOCK_KEY, 10, async () => (ran.push(node), 1), { claim, stopping });
        return n === null ? null : `${node} did ${n}`;
      },
    });
    const nodes = [
      startNode(dbs[0], 'a', job),
      startNode(dbs[1], 'b', job),
      startNode(dbs[2], 'late', job, 500),
    ];
    await until(() => ran.length > 0);
    await sleep(1200); // time for the other two to reach the due time too (and find it taken)
    expect(ran).toHaveLength(1);
    expect(ran[0]).not.toBe('late');
    const runs = await findRuns(env.ctx.db, spec.name);
    expect(runs.map((r) => [r.node, r.dueAt.toISOString(), r.finishedAt !== null])).toEqual([
      [ran[0], due.toISOString(), true],
    ]);
    expect(nodes.flatMap((n) => n.logs)).toEqual([`${ran[0]} did 1`]);
  });

  it('runs a due time on another node when the claiming one dies in its first batch', async () => {
    const due = new Date(Date.now() + 300);
    const entered: string[] = [];
    const committed: string[] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    const spec = onceAt(due, async () => null);
    const job = (db: Db, node: string): JobSpec => ({
      ...spec,
      run: async ({ claim }) => {
        const n = await inBatches(
          db,
          LOCK_KEY,
          10,
          async () => {
            entered.push(node);
            // The first to claim stands for a process that dies mid-batch: its transaction rolls back.
            if (entered.length === 1) {
              await gate;
              throw new Error('process died');
            }
            return 1;
          },
          { claim },
        );
        if (n) committed.push(node);
        return null;
      },
    });
    const a = startNode(dbs[0], 'a', job);
    const b = startNode(dbs[1], 'b', job);
    await until(() => entered.length > 0);
    await sleep(300); // the other reaches the due time too and waits on its claim
    expect(entered).toHaveLength(1);
    release();
    await until(() => committed.length > 0);
    expect(entered).toHaveLength(2);
    expect(committed).toEqual([entered[1]]);
    const runs = await findRuns(env.ctx.db, spec.name);
    expect(runs.map((r) => [r.node, r.finishedAt !== null])).toEqual([[entered[1], true]]);
    expect([...a.logs, ...b.logs]).toEqual([`${spec.name} failed: process died`]);
  });

  it('leaves a run that died after its first batch unfinished; the next due time does the rest', async () => {
    const first = new Date(Date.now() + 200);
    const second = new Date(first.getTime() + 400);
    let left = 5;
    let batches = 0;
    const spec: JobSpec = {
      name: `test-${crypto.randomUUID().slice(0, 8)}`,
      next: (now) => (now < first ? first : now < second ? second : new Date(second.getTime() + DAY_MS)),
      run: async ({ claim }) => {
        const n = await inBatches(
          dbs[0],
          LOCK_KEY,
          2,
          async () => {
            if (++batches === 2) throw new Error('process died');
            const done = Math.min(left, 2);
            left -= done;
            return done;
          },
          { claim },
        );
        return `did ${n}`;
      },
    };
    const node = startNode(dbs[0], 'a', () => spec);
    await until(() => left === 0 && node.logs.length === 2);
    expect(node.logs).toEqual([`${spec.name} failed: process died`, 'did 3']);
    const runs = await findRuns(env.ctx.db, spec.name);
    expect(runs.map((r) => [r.dueAt.toISOString(), r.finishedAt !== null])).toEqual([
      [first.toISOString(), false],
      [second.toISOString(), true],
    ]);
  });

  it('runs a due time missed by less than LATE_MS at start, once, and stopping waits for the run', async () => {
    const due = new Date(Date.now() - 60_000);
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    const seen: boolean[] = [];
    let atGate = false;
    const spec = onceAt(due, async () => null);
    const job = (db: Db): JobSpec => ({
      ...spec,
      run: async ({ claim, stopping }) => {
        const n = await inBatches(db, LOCK_KEY, 10, async () => 1, { claim });
        if (n) {
          atGate = true;
          await gate;
          seen.push(stopping());
        }
        return null;
      },
    });
    const a = startNode(dbs[0], 'a', job);
    await until(() => atGate);
    let stopped = false;
    const stopping = a.stop().then(() => (stopped = true));
    await sleep(50);
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(seen).toEqual([true]);
    // A node starting later finds it in the ledger and does not run it again.
    startNode(dbs[1], 'b', job);
    await sleep(300);
    expect(seen).toEqual([true]);
    expect((await findRuns(env.ctx.db, spec.name)).map((r) => r.node)).toEqual(['a']);
  });
});
