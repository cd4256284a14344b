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
