// A backup taken while a real server answers clicks and postbacks restores into a fresh database equal,
// table for table and row for row, to the source as of the backup's snapshot (PGlite: the backup goes
// through the running server, which digests its own snapshot for the test; PostgreSQL: the test exports a
// snapshot, digests it and hands it to pg_dump). Then, the load stopped and the server gone, a second
// backup restores equal to the source, and every report of every demo role answers the same on both.
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { easternDay, Role } from '@salesdesk/contract';
import { buildApp } from '../app';
import { openDatabase, queryRows, sql, type Database } from '../db/client';
import { clickIdOf, postbackOps, postbackPath } from '../test/cluster-checks';
import { freshStore, removeTempDirs, runOn, tableDigests, tempDir } from '../test/backup-fixtures';
import { pgliteStore, postgresStore, ServerProcess, freePort, type Store } from '../test/durability-fixtures';
import { tokenFor } from '../test/factories';
import { testContext } from '../test/harness';
import { reportSnapshot, type Reader } from '../test/report-snapshot';
import { requestBackup, serverRunning } from './backup-socket';
import { takeBackup } from './backup';
import { pgDump } from './pg-dump';
import { restoreBackup } from './restore';

const cleanups: Array<() => Promise<unknown> | void> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
  removeTempDirs();
});

/** Clicks on the demo site and postbacks on the clicks answered, until `stop.now`. */
function load(base: string, stop: { now: boolean }) {
  const clicks: number[] = [];
  let postbacks = 0;
  const clicking = async (w: number) => {
    for (let n = 0; !stop.now; n++) {
      const res = await fetch(`${base}/api/links/go/1/${1 + (n % 2)}/${1 + ((w + n) % 10)}`, {
        redirect: 'manual',
      });
      await res.text();
      if (res.status === 302) clicks.push(clickIdOf(res.headers.get('location') ?? undefined));
    }
  };
  const posting = async (w: number) => {
    for (let n = 0; !stop.now; n++) {
      if (clicks.length < 10) {
        await new Promise((r) => setTimeout(r, 20));
        continue;
      }
      const [op] = postbackOps([clicks[(n * 7 + w) % clicks.length]], 1);
      const res = await fetch(`${base}${postbackPath({ ...op, txId: `bk-${w}-${n}` })}`);
      await res.text();
      if (res.status === 200) postbacks++;
    }
  };
  const done = Promise.all([0, 1, 2].map(clicking).concat([0, 1].map(posting)));
  return { done, counts: () => ({ clicks: clicks.length, postbacks }) };
}

/** The backup of the running server's data and the digest of every table as of its snapshot. */
async function backupUnderLoad(store: Store, url: string | undefined, file: string) {
  if (!url) {
    const digestFile = `${file}.digest.json`;
    const got = await requestBackup(store.dataDir, file, () => undefined, digestFile);
    expect(got?.bytes).toBeGreaterThan(0);
    return JSON.parse(fs.readFileSync(digestFile, 'utf8')) as Awaited<ReturnType<typeof tableDigests>>;
  }
  const held = new pg.Client({ connectionString: url });
  await held.connect();
  try {
    await held.query('begin isolation level repeatable read');
    const [{ id }] = (await held.query('select pg_export_snapshot() as id')).rows as { id: string }[];
    const digests = await tableDigests(async <T>(text: string) => (await held.query(text)).rows as T[]);
    await pgDump(url, file, { snapshot: id });
    return digests;
  } finally {
    await held.query('commit').catch(() => undefined);
    await held.end();
  }
}

/** The demo's superadmin, an admin, an office and an agent, signed in on `database`. */
async function readers(database: Database): Promise<Reader[]> {
  const ctx = testContext(database);
  const named = async (name: string, username: string, role: Role): Promise<Reader> => {
    const [a] = await queryRows<{ id: number }>(
      database.db,
      sql`select id from accounts where username = ${username}`,
    );
    return { name, role, token: await tokenFor(ctx, a.id) };
  };
  return [
    await named('superadmin', 'super', Role.Superadmin),
    await named('admin', 'admin', Role.Admin),
    await named('office', 'office1', Role.Company),
    await named('agent', 'agent01', Role.Agent),
  ];
}

async function reports(database: Database) {
  const app = await buildApp(testContext(database));
  try {
    const [office] = await queryRows<{ id: number }>(
      database.db,
      sql`select min(id)::int as id from offices`,
    );
    const closed = await queryRows<{ start: string }>(
      database.db,
      sql`select start::text from pay_periods where status <> 0 order by start`,
    );
    return await reportSnapshot(app, await readers(database), {
      start: '2026-01-01',
      end: easternDay(new Date()),
      officeId: office.id,
      closedPeriods: closed.map((c) => c.start),
    });
  } finally {
    await app.close();
  }
}

describe.each(['pglite', 'postgres'] as const)('a backup under load on %s', (kind) => {
  it('restores equal to its snapshot, and after the load equal to the source, reports too', async (t) => {
    const base = process.env.TEST_DATABASE_URL;
    if (kind === 'postgres' && !base) return t.skip();
    const store =
      kind === 'pglite'
        ? pgliteStore()
        : await postgresStore(base!, `${new URL(base!).pathname.slice(1)}_bk_load`);
    cleanups.push(() => fs.rmSync(store.dataDir, { recursive: true, force: true }));
    const url = store.env.DATABASE_URL;
    const server = new ServerProcess(await freePort(), store, { DEMO_SCALE: '0.05' });
    await server.start();
    cleanups.push(() => server.stop('SIGKILL'));
    const dir = tempDir();

    // The restore command refuses while a server runs on the data directory; it sees it by this.
    expect(await serverRunning(store.dataDir)).toBe(!url);
    const stop = { now: false };
    const traffic = load(server.base, stop);
    await new Promise((r) => setTimeout(r, 1500));
    const first = path.join(dir, 'under-load.backup');
    const atSnapshot = await backupUnderLoad(store, url, first);
    await new Promise((r) => setTimeout(r, 500));
    stop.now = true;
    await traffic.done;
    const made = traffic.counts();
    expect(made.clicks).toBeGreaterThan(50);
    expect(made.postbacks).toBeGreaterThan(5);

    const one = await freshStore(kind, 'bk_load1');
    await restoreBackup(first, one!.target);
    const restored1 = await one!.open();
    try {
      expect(await tableDigests(runOn(restored1))).toEqual(atSnapshot);
    } finally {
      await restored1.close();
    }

    // The load stopped and the server gone (its journal drained): the CLI path with no server running.
    expect(await server.stop('SIGTERM')).toBe(0);
    expect(await serverRunning(store.dataDir)).toBe(false);
    const second = path.join(dir, 'quiet.backup');
    await takeBackup({ databaseUrl: url, dataDir: store.dataDir }, second, () => undefined);
    const two = await freshStore(kind, 'bk_load2');
    await restoreBackup(second, two!.target);
    const source = await openDatabase(url ? { url } : { dataDir: path.join(store.dataDir, 'pglite') });
    const restored2 = await two!.open();
    try {
      const digests = await tableDigests(runOn(source));
      expect(digests['public.sales'].rows).toBeGreaterThan(made.postbacks);
      expect(await tableDigests(runOn(restored2))).toEqual(digests);
      expect(await reports(restored2)).toEqual(await reports(source));
    } finally {
      await restored2.close();
      await source.close();
    }
  }, 900_000); // a hang backstop, not a speed check: a loaded machine stretches it several times
});
