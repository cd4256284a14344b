// CPU pinning for the one-core measurement (taskset): the server alone on one CPU, the load generator and
// PostgreSQL on the other, so the figure measures the server and not the scheduler's sharing.
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { pidsNamed } from './cpu';

export const SERVER_CPU = '1';
export const LOAD_CPU = '0';
/** Every CPU, as this process started (before anything pinned it). */
export const ALL_CPUS = `0-${os.availableParallelism() - 1}`;

export function canPin(): boolean {
  try {
    execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' });
    return os.availableParallelism() >= 2;
  } catch {
    return false;
  }
}

/** Pins every thread of `pid` (and the threads it starts later) to `cpus`. */
export function pin(pid: number, cpus: string) {
  execFileSync('taskset', ['-a', '-p', '-c', cpus, String(pid)], { stdio: 'ignore' });
}

/**
 * Pins every PostgreSQL process (the postmaster too, so new backends inherit it) to `cpus`; the answer
 * puts them back on every CPU. PostgreSQL is the machine's own service, so the run must always restore it.
 * Moving another user's processes needs root (or CAP_SYS_NICE): without it the run says so and goes on.
 */
export function pinPostgres(cpus: string, warn: (msg: string) => void): () => void {
  return pinService('postgres', 'PostgreSQL', cpus, warn);
}

/** Redis (cluster mode runs), pinned and restored as PostgreSQL is. */
export function pinRedis(cpus: string, warn: (msg: string) => void): () => void {
  return pinService('redis-server', 'Redis', cpus, warn);
}

function pinService(comm: string, label: string, cpus: string, warn: (msg: string) => void): () => void {
  const pinAll = (mask: string) => {
    let refused = 0;
    for (const pid of pidsNamed(comm)) {
      try {
        pin(pid, mask);
      } catch {
        refused += 1; // not allowed, or a backend that exited meanwhile
      }
    }
    return refused;
  };
  const refused = pinAll(cpus);
  if (refused) warn(`${refused} ${label} processes could not be moved to CPU ${cpus} (root needed?)`);
  return () => void pinAll(ALL_CPUS);
}
