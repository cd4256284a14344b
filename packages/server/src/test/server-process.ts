// Real Salesdesk processes for tests and benchmarks (durability, e2e, bench): spawn on 127.0.0.1,
// wait until they answer, stop them with a signal. One implementation for all three.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { REPO_ROOT } from '../config';

/**
 * The directory of the app built into plain JS for the processes a run spawns (test/app-build.ts: set by
 * global-setup.ts for the API tests, by e2e/support/shared-server.ts for the browser tests).
 */
export const APP_BUILD_ENV = 'SALESDESK_TEST_APP_BUILD';

/** `node` arguments that run the app from source. */
export const APP_ARGS = ['--import', 'tsx', 'packages/server/src/main.ts'];
const OUTPUT_LINES = 200;
const STOP_MS = 15_000;
// A first start on a fresh PGlite with the demo history takes well under a minute of the server's own CPU.
const READY_CPU_MS = 120_000;

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

export interface SpawnOptions {
  /** Node arguments; the app by default. */
  args?: string[];
  /** The checkout to run from (the benchmark's "before" runs an older one); this repo by default. */
  cwd?: string;
  env?: Record<string, string>;
  /** Start from this process's environment (default) or from `env` alone. */
  inheritEnv?: boolean;
  /** A fixed port (restarts after a kill); a free one by default. */
  port?: number;
  /** Polled until it answers at all. */
  readyPath?: string;
  /**
   * The most CPU time the process may use before it answers (a start stuck in a loop). Measured on the
   * process's own clock, not the wall's: a machine busy with other work slows a start down without it
   * being stuck, and the wait then simply lasts longer. Where /proc is missing it counts wall time.
   */
  readyCpuMs?: number;
}

export interface SpawnedServer {
  baseUrl: string;
  port: number;
  pid: number | undefined;
  child: ChildProcess;
  /** Milliseconds from spawn until the server answered. */
  startMs: number;
  /** The last lines the process printed (for failures and the demo history line). */
  output(): string;
  /**
   * Sends `signal` (SIGTERM: the app flushes and closes) and answers the exit code once it is gone; a
   * process still running `graceMs` later is killed (exit code null).
   */
  stop(signal?: NodeJS.Signals, graceMs?: number): Promise<number | null>;
}

export async function spawnServer(opts: SpawnOptions = {}): Promise<SpawnedServer> {
  const port = opts.port ?? (await freePort());
  const started = Date.now();
  const base = opts.inheritEnv === false ? {} : process.env;
  const child = spawn(process.execPath, opts.args ?? APP_ARGS, {
    cwd: opts.cwd ?? REPO_ROOT,
    env: { ...base, ...opts.env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const keep = (b: Buffer) => lines.push(...b.toString().split('\n').filter(Boolean));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const server: SpawnedServer = {
    baseUrl: `http://127.0.0.1:${port}`,
    port,
    pid: child.pid,
    child,
    startMs: 0,
    output: () => lines.slice(-OUTPUT_LINES).join('\n'),
    stop: async (signal = 'SIGTERM', graceMs = STOP_MS) => {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill(signal);
      // A server that does not finish a graceful stop in time is killed.
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
  try {
    await waitUntilAnswering(
      child,
      `${server.baseUrl}${opts.readyPath ?? '/api/brand'}`,
      opts.readyCpuMs ?? READY_CPU_MS,
    );
  } catch (err) {
    await server.stop('SIGKILL');
    throw new Error(`${(err as Error).message}\n${server.output()}`);
  }
  server.startMs = Date.now() - started;
  return server;
}

/** CPU time (user and system) a process has used so far on Linux, from /proc; undefined elsewhere. */
export function cpuMsOf(pid: number | undefined): number | undefined {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10; // clock ticks of 10 ms
  } catch {
    return undefined;
  }
}

async function waitUntilAnswering(child: ChildProcess, url: string, readyCpuMs: number) {
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the server exited with ${child.exitCode ?? child.signalCode}`);
    try {
      await fetch(url, { redirect: 'manual' });
      return;
    } catch {
      /* not listening yet */
    }
    const used = cpuMsOf(child.pid) ?? Date.now() - started;
    if (used > readyCpuMs)
      throw new Error(`the server did not answer ${url} after ${readyCpuMs / 1000} s of its CPU time`);
    await sleep(100);
  }
}
