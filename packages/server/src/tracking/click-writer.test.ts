import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Queryable } from '../db/client';
import { ClickWriter } from './click-writer';
import type { ClickRecord } from './sql';

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
    expect(writer.pendingClick(2)).toBeDefined();
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
    expect([1, 2, 3, 5].map((id) => writer.pendingClick(id)?.id)).toEqual([1, 2, 3, 5]);
    expect(writer.pendingClick(4)).toBeUndefined();
    release();
    await writer.flush();
    expect(sent).toEqual(['{1,2}', '{5,3}']);
    expect(writer.size).toBe(0);
    expect(writer.pendingClick(1)).toBeUndefined();
  });
});
