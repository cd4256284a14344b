import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Queryable } from '../db/client';
import { ClickWriter } from './click-writer';
import type { ClickRecord } from './click-batch';

const click = (id: number): ClickRecord => ({
  id,
  time: new Date(),
  siteId: 1,
  typeId: 1,
  agentId: 1,
  officeId: 1,
  ip: '127.0.0.1',
  isUnique: true,
  referer: null,
  userAgent: null,
  invalidReason: 0,
});

// A database that is down: every write fails.
const downDb = { execute: async () => Promise.reject(new Error('database is down')) } as unknown as Queryable;

describe('ClickWriter', () => {
  it('keeps failed batches and refuses new clicks once the backlog is full', async () => {
    const writer = new ClickWriter(downDb, {
      intervalMs: 60_000,
      maxBatch: 2,
      maxPending: 3,
      onError: () => undefined,
    });
    writer.add(click(1));
    writer.add(click(2));
    writer.add(click(3));
    await expect(writer.flush()).rejects.toThrow('database is down');
    expect(writer.size).toBe(3);
    expect(writer.holds(2)).toBe(true);
    expect(() => writer.add(click(4))).toThrow(expect.objectContaining({ status: 503 }));
  });
});

describe('ClickWriter batches', () => {
  it('sends each batch as built, finds pending clicks until their batch commits', async () => {
    const sent: string[] = [];
    let release = () => undefined as void;
    const gate = new Promise<void>((r) => (release = r));
    const dialect = new PgDialect();
    const gatedDb = {
      execute: async (query: SQL) => {
        // The id column's literal: the only parameter listing the batch's ids.
        const params = dialect.sqlToQuery(query).params.map(String);
        sent.push(params.find((p) => /^\{\d/.test(p) && !p.includes('"'))!);
        await gate;
        return { rows: [] };
      },
    } as unknown as Queryable;
    const writer = new ClickWriter(gatedDb, { intervalMs: 60_000, maxBatch: 2 });
    writer.add(click(1));
    writer.add(click(2)); // a full batch: written at once, in the background
    writer.add(click(5));
    writer.add(click(3)); // ids out of order are still found
    await new Promise((r) => setImmediate(r));
    expect(sent).toEqual(['{1,2}']);
    expect(writer.size).toBe(4);
    expect([1, 2, 3, 5].every((id) => writer.holds(id))).toBe(true);
    expect(writer.holds(4)).toBe(false);
    release();
    await writer.flush();
    expect(sent).toEqual(['{1,2}', '{5,3}']);
    expect(writer.size).toBe(0);
    expect(writer.holds(1)).toBe(false);
  });
});

describe('ClickWriter timing', () => {
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const dialect = new PgDialect();
  const idsOf = (query: SQL) =>
    dialect
      .sqlToQuery(query)
      .params.map(String)
      .find((p) => /^\{\d/.test(p))!;

  it('lets a batch that is not full wait for its interval, even when the writer is free', async () => {
    const sent: string[] = [];
    const db = {
      execute: async (query: SQL) => {
        sent.push(idsOf(query));
        return { rows: [] };
      },
    } as unknown as Queryable;
    const writer = new ClickWriter(db, { intervalMs: 80, maxBatch: 3 });
    [1, 2, 3, 4].forEach((id) => writer.add(click(id)));
    await sleep(20);
    expect(sent).toEqual(['{1,2,3}']); // written at once: full
    expect(writer.holds(4)).toBe(true);
    await sleep(120);
    expect(sent).toEqual(['{1,2,3}', '{4}']); // its 80 ms are over
    expect(writer.size).toBe(0);
  });

  it('retries a failed background write an interval later, with no new click to prompt it', async () => {
    let calls = 0;
    const errors: unknown[] = [];
    const db = {
      execute: async () => {
        if (++calls === 1) throw new Error('database restarting');
        return { rows: [] };
      },
    } as unknown as Queryable;
    const writer = new ClickWriter(db, { intervalMs: 20, onError: (err) => errors.push(err) });
    writer.add(click(1));
    for (let waited = 0; writer.size && waited < 2000; waited += 10) await sleep(10);
    expect(errors).toHaveLength(1);
    expect(calls).toBe(2);
    expect(writer.size).toBe(0);
  });
});
