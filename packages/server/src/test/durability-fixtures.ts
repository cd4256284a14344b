// Real server processes for the durability tests: start on 127.0.0.1, kill, restart, inspect the data.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Db } from '../db/client';
import { entryArgs } from './app-build';
import { recreateDatabase } from './harness';
import { freePort, sleep, spawnServer, type SpawnedServer } from './server-process';

// A restart on PGlite takes about 6 s on an idle two-core machine (2.5 s to open the data, 1 s to load the
// built app); while the browser tests and the other API test files share the machine (load average 8 to
// 10) it took over 40 s. These tests prove what is kept, not how fast: a start waits for the server's
// answer for as long as the server works towards it (server-process.ts), and the tests' own limits only
// end a run that is stuck.
const SIGTERM_GRACE_MS = 60_000;

export { freePort, sleep };
/** What the tests' time limits allow for one restart; the tests' deadlines allow one per kill. */
export const RESTART_MS = 120_000;

/** Where the servers keep their data: a fresh PostgreSQL database, or a fresh PGlite directory. */
export interface Store {
  env: Record<string, string>;
  /** Opens the data for checks (PGlite: only while no server runs). */
  open(): Promise<{ db: Db; close(): Promise<void> }>;
  /** The temp directory of the run, removed afterwards. */
  dataDir: string;
}

/**
 * PostgreSQL: `{database}_durability` next to TEST_DATABASE_URL's database, dropped and recreated (each
 * test database its own, so two checkouts testing on one server do not drop each other's).
 */
export async function postgresStore(testUrl: string, name = durabilityName(testUrl)): Promise<Store> {
  const url = await recreateDatabase(testUrl, name);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'salesdesk-dur-'));
  return {
    dataDir,
    env: { DATABASE_URL: url, DATA_DIR: dataDir },
    open: async () => {
      const d = await openDatabase({ url });
      return { db: d.db, close: () => d.close() };
    },
  };
}

const durabilityName = (testUrl: string) => `${new URL(testUrl).pathname.slice(1) || 'salesdesk'}_durability`;

export function pgliteStore(): Store {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'salesdesk-dur-'));
  return {
    dataDir,
    env: { DATA_DIR: dataDir },
    open: async () => {
      const d = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
      return { db: d.db, close: () => d.close() };
    },
  };
}

/** One app process at a time on a fixed port; restartable after a kill. */
export class ServerProcess {
  private server: SpawnedServer | null = null;

  constructor(
    readonly port: number,
    private readonly store: Store,
    /** Settings over the defaults below (a cluster node's REDIS_URL, TRUST_PROXY, captcha). */
    private readonly env: Record<string, string> = {},
  ) {}

  get running(): boolean {
    return !!this.server && this.server.child.exitCode === null;
  }

  get base() {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The last lines the current (or last) process printed. */
  get output(): string {
    return this.server?.output() ?? '';
  }

  async start(): Promise<void> {
    const env = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      NODE_ENV: 'test',
      CAPTCHA: 'off',
      LOG_LEVEL: 'warn',
      DEMO_SCALE: '0', // the checks count every sale and click: no generated demo history
      SECRET_KEY: 'durability-secret-key-0123456789',
      WEB_DIST: path.join(os.tmpdir(), 'salesdesk-no-web'),
      ...this.store.env,
      ...this.env,
    };
    this.server = await spawnServer({
      args: entryArgs('main'),
      env,
      inheritEnv: false,
      port: this.port,
    });
  }

  /** Sends `signal` and answers the exit code once the process is gone. */
  async stop(signal: NodeJS.Signals): Promise<number | null> {
    return (await this.server?.stop(signal, SIGTERM_GRACE_MS)) ?? null;
  }
}

/** Failed attempts of getUntil: proof that the senders really met a dead or closing server. */
export const retries = { count: 0 };

/** GET with retries until `accept(status)` (a killed server answers nothing, a closing one 503); a 4xx throws. */
export async function getUntil(
  url: string,
  deadline: number,
  accept = (status: number) => status < 300,
): Promise<Response> {
  for (;;) {
    if (Date.now() > deadline) throw new Error(`no answer before the deadline: ${url}`);
    let res: Response | undefined;
    try {
      res = await fetch(url, { redirect: 'manual' });
    } catch {
      /* killed or restarting: retry */
    }
    if (res && accept(res.status)) return res;
    const body = await res?.text();
    if (res && res.status >= 400 && res.status < 500 && res.status !== 429) {
      throw new Error(`${res.status} ${body}: ${url}`);
    }
    retries.count += 1;
    await sleep(50);
  }
}
