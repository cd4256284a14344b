// The local click journal: its format, what it holds until the writer commits, and its replay at start.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClickPath } from '../test/factories';
import { testEnv, type TestEnv } from '../test/harness';
import { gatedWriter, journalClicks, siteRollup, storedClicks } from '../test/journal-fixtures';
import { ClickBatch, type ClickRecord } from './click-batch';
import { ClickKeeper } from './click-keeper';
import { FileJournal, replayFileJournal } from './file-journal';
import { decodeClicks, encodeClicks } from './journal-format';
import { insertClicks } from './sql';

let env: TestEnv;
const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'salesdesk-journal-test-'));
  dirs.push(dir);
  return dir;
};
beforeAll(async () => {
  env = await testEnv();
});
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** Every click line of the journal files in `dir`. */
const journaled = (dir: string) =>
  fs
    .readdirSync(dir)
    .flatMap((name) => decodeClicks(fs.readFileSync(path.join(dir, name), 'utf8')).clicks)
    .map((c) => c.id);

describe('journal lines', () => {
  it('read back every field unchanged, whatever the texts hold', () => {
    const texts = [null, '', 'a\tb', 'a\nb\r', '\x1e{"x"}', 'ünï ✓ "q" \\ ,;', 'x'.repeat(2048)];
    const clicks: ClickRecord[] = texts.map((t, i) => ({
      id: 9_007_199_254_740_000 + i,
      time: new Date(1_790_000_000_123 + i),
      siteId: 2_147_483_647,
      typeId: 2,
      agentId: 3,
      officeId: 4,
      ip: i % 2 ? '2001:db8::1' : '203.0.113.7',
      isUnique: i % 2 === 0,
      referer: t,
      userAgent: texts[(i + 1) % texts.length],
      invalidReason: i % 3 === 0 ? 4 : 0,
    }));
    const text = encodeClicks(clicks);
    expect(text.split('\n')).toHaveLength(clicks.length + 1); // one line each, none broken by a text
    expect(decodeClicks(text)).toEqual({ clicks, skipped: 0 });
  });

  it('skip a torn last line (a write cut short by the kill: never answered) and any malformed line', () => {
    const [a, b] = encodeClicks([
      {
        id: 1,
        time: new Date(5),
        siteId: 1,
        typeId: 1,
        agentId: 1,
        officeId: 1,
        ip: '10.0.0.1',
        isUnique: true,
        referer: null,
        userAgent: 'u',
        invalidReason: 0,
      },
      {
        id: 2,
        time: new Date(6),
        siteId: 1,
        typeId: 1,
        agentId: 1,
        officeId: 1,
        ip: '10.0.0.2',
        isUnique: false,
        referer: 'r',
        userAgent: null,
        invalidReason: 0,
      },
    ]).split('\n');
    const { clicks, skipped } = decodeClicks(`${a}\nnot a click\n1\t2\n${b.slice(0, 9)}`);
    expect(clicks.map((c) => c.id)).toEqual([1]);
    expect(skipped).toBe(3);
  });
});

describe('FileJournal', () => {
  it('keeps a tick before its answers, and drops each segment once the writer committed its clicks', async () => {
    const p = await buildClickPath(env.ctx);
    const dir = tempDir();
    // Small segments: 40 clicks of about 60 bytes rotate several times.
    const file = new FileJournal(dir, 600);
    const { writer, release } = gatedWriter(env.ctx, (committed) => keeper.trim(committed));
    const keeper = new ClickKeeper(writer, file, undefined, () => undefined);
    const clicks = await journalClicks(env.ctx.db, p, 40);
    const answered: number[] = [];
    const journaledWhenAnswered: number[][] = [];
    for (const c of clicks) {
      keeper.keep(
        c,
        `https://x/${c.id}`,
        (_: null, kept) => {
          answered.push(kept!.id);
          journaledWhenAnswered.push(journaled(dir));
        },
        null,
      );
    }
    expect(answered).toEqual([]); // answered after the tick, not inside keep()
    await keeper.drain();
    const ids = clicks.map((c) => c.id);
    expect(answered).toEqual(ids);
    // One tick: every click was in the journal before the first answer went out.
    expect(journaledWhenAnswered[0]).toEqual(ids);
    expect(fs.readdirSync(dir).length).toBe(1); // one write, one segment (rotation happens after it)

    const more = await journalClicks(env.ctx.db, p, 30);
    for (const [i, c] of more.entries()) {
      keeper.keep(c, '', () => undefined, null);
      if (i % 10 === 9) await keeper.drain(); // three ticks, each rotating past 600 bytes
    }
    await keeper.drain();
    expect(fs.readdirSync(dir).length).toBe(4);
    expect(journaled(dir)).toEqual([...ids, ...more.map((c) => c.id)]);

    const flushed = writer.flush();
    release();
    await flushed;
    expect(writer.committed).toBe(70);
    expect(fs.readdirSync(dir)).toEqual([]); // every segment rotated out and committed: deleted
    expect((await storedClicks(env.ctx.db, p.site.id)).map((r) => r.id)).toEqual([
      ...ids,
      ...more.map((c) => c.id),
    ]);

    const last = await journalClicks(env.ctx.db, p, 3);
    for (const c of last) keeper.keep(c, '', () => undefined, null);
    await keeper.drain();
    expect(journaled(dir)).toEqual(last.map((c) => c.id));
    await writer.flush();
    // The current segment, all committed: emptied in place, ready for the next tick.
    expect(fs.readdirSync(dir).map((n) => fs.statSync(path.join(dir, n)).size)).toEqual([0]);
    file.close(true);
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('answers 503 (null) for a tick it cannot write, and nothing of it reaches the writer', async () => {
    const p = await buildClickPath(env.ctx);
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'blocked'), '');
    const file = new FileJournal(path.join(dir, 'blocked')); // a file where the directory should be
    const { writer } = gatedWriter(env.ctx, () => undefined);
    const keeper = new ClickKeeper(writer, file, undefined, () => undefined);
    const results: Array<ClickRecord | null> = [];
    for (const c of await journalClicks(env.ctx.db, p, 3))
      keeper.keep(c, '', (_: null, k) => results.push(k), null);
    await keeper.drain();
    expect(results).toEqual([null, null, null]);
    expect(writer.added).toBe(0);
  });
});

describe('replayFileJournal', () => {
  it('stores each journaled click once, counts only inserted rows, and replaying twice changes nothing', async () => {
    const p = await buildClickPath(env.ctx);
    const dir = tempDir();
    const clicks = await journalClicks(env.ctx.db, p, 2500);
    // A killed process: its first 1,200 clicks committed, all 2,500 journaled in two segments, the last
    // one ending in a torn write (never answered).
    await insertClicks(env.ctx.db, ClickBatch.of(clicks.slice(0, 1200)));
    fs.writeFileSync(path.join(dir, 'old-1.clicks'), encodeClicks(clicks.slice(0, 1400)));
    const tail = encodeClicks(clicks.slice(1400));
    fs.writeFileSync(path.join(dir, 'old-2.clicks'), tail + tail.slice(0, 25));
    const before = await siteRollup(env.ctx.db, p.site.id);
    expect([before.clicks, before.raws]).toEqual([1200, 1200]);

    const notices: string[] = [];
    expect(await replayFileJournal(env.ctx.db, dir, (m) => notices.push(m))).toBe(2500);
    expect(notices).toEqual(['click journal old-2.clicks: 1 torn line(s) skipped (never answered)']);
    expect(fs.readdirSync(dir)).toEqual([]);

    // A second replay of the same journal (a start killed in the middle of its replay) stores nothing more.
    fs.writeFileSync(path.join(dir, 'again.clicks'), encodeClicks(clicks));
    expect(await replayFileJournal(env.ctx.db, dir, () => undefined)).toBe(2500);

    const stored = await storedClicks(env.ctx.db, p.site.id);
    expect(stored.map((r) => [r.id, r.n, r.is_unique, r.referer, r.user_agent])).toEqual(
      clicks.map((c) => [c.id, 1, c.isUnique, c.referer, c.userAgent]),
    );
    const uniques = clicks.filter((c) => c.isUnique).length;
    expect(await siteRollup(env.ctx.db, p.site.id)).toEqual({
      raws: 2500,
      uniques,
      clicks: 2500,
      unique_clicks: uniques,
    });
  });

  it('replays the segments of processes gone, even under a pid used again, and leaves other machines’ alone', async () => {
    const p = await buildClickPath(env.ctx);
    const dir = tempDir();
    const [reused, otherHost] = await journalClicks(env.ctx.db, p, 2);
    const host = os.hostname();
    // This process's pid with another start time: the process that wrote it is gone.
    fs.writeFileSync(path.join(dir, `${host}~${process.pid}~1~1-1.clicks`), encodeClicks([reused]));
    fs.writeFileSync(path.join(dir, `other-${host}~${process.pid}~1~1-1.clicks`), encodeClicks([otherHost]));
    expect(await replayFileJournal(env.ctx.db, dir, () => undefined)).toBe(1);
    expect(fs.readdirSync(dir)).toEqual([`other-${host}~${process.pid}~1~1-1.clicks`]);
    expect((await storedClicks(env.ctx.db, p.site.id)).map((r) => r.id)).toEqual([reused.id]);
  });

  it('leaves alone the segments of a journal open in this process', async () => {
    const p = await buildClickPath(env.ctx);
    const dir = tempDir();
    const file = new FileJournal(dir);
    const [c] = await journalClicks(env.ctx.db, p, 1);
    file.append(encodeClicks([c]), 1);
    expect(await replayFileJournal(env.ctx.db, dir, () => undefined)).toBe(0);
    expect(journaled(dir)).toEqual([c.id]);
    file.close(true);
  });
});
