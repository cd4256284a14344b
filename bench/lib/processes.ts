// Server processes for the benchmarks: the real app (`node --import tsx main.ts`) or the bare node:http
// baseline, each on 127.0.0.1 in its own process, so autocannon never shares a thread with the server.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const READY_MS = 120_000;
const STOP_MS = 15_000;

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  baseUrl: string;
  pid: number | undefined;
  /** Milliseconds from spawn until the server answered. */
  startMs: number;
  /** What the process printed (for errors and the demo history line). */
  output(): string;
  stop(): Promise<void>;
}

/** Spawns `args` under node and waits until `readyPath` answers; kills it when it never does. */
async function spawnServer(
  args: string[],
  env: Record<string, string>,
  readyPath: string,
): Promise<RunningServer> {
  const port = await freePort();
  const started = Date.now();
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: string[] = [];
  child.stdout?.on('data', (b: Buffer) => log.push(b.toString()));
  child.stderr?.on('data', (b: Buffer) => log.push(b.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const server: RunningServer = {
    baseUrl,
    pid: child.pid,
    startMs: 0,
    output: () => log.join(''),
    stop: () => stopChild(child),
  };
  try {
    await waitUntilAnswering(child, `${baseUrl}${readyPath}`);
  } catch (err) {
    await server.stop();
    throw new Error(`${(err as Error).message}\n${server.output()}`);
  }
  server.startMs = Date.now() - started;
  return server;
}

async function waitUntilAnswering(child: ChildProcess, url: string) {
  const deadline = Date.now() + READY_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      await fetch(url, { redirect: 'manual' });
      return;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not answer ${url} within ${READY_MS / 1000} s`);
    await sleep(200);
  }
}

async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM'); // the app flushes its click buffer and closes the database
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_MS);
  await exited;
  clearTimeout(timer);
}

export interface AppServer extends RunningServer {
  dataDir: string;
}

/** The real app on a fresh data directory (PGlite unless `databaseUrl`), with the demo data. */
export async function startApp(opts: { databaseUrl?: string; demoScale?: number }): Promise<AppServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'salesdesk-bench-'));
  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: opts.databaseUrl ?? '',
    DEMO_SCALE: String(opts.demoScale ?? 1),
    CAPTCHA: 'off',
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    SECRET_KEY: 'bench-secret-key-0123456789abcdef',
  };
  const app = await spawnServer(['--import', 'tsx', 'packages/server/src/main.ts'], env, '/api/brand');
  return { ...app, dataDir };
}

/** The baseline: a bare node:http server answering the same 302 (bench/bare-redirect.ts). */
export function startBareRedirect(): Promise<RunningServer> {
  return spawnServer(['--import', 'tsx', 'bench/bare-redirect.ts'], {}, '/');
}
