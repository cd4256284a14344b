// Which process wrote a local journal segment, and whether it still runs. Several processes may share a
// data directory (cluster nodes on one machine, a shared mount across machines): a start replays only
// the segments of processes that are gone. A process is its host, pid and start time, so a pid used
// again after a restart (a container's) is not mistaken for the process that wrote the segment.
import fs from 'node:fs';
import os from 'node:os';

const SEP = '~';

/** The start time of process `pid` in clock ticks since boot; null when it does not run. */
function startTicks(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    // No /proc at all (not Linux): the pid alone says it.
    if (fs.existsSync('/proc/self/stat')) return null;
    try {
      process.kill(pid, 0);
      return '';
    } catch {
      return null;
    }
  }
}

/** This process, as it names its segments: host~pid~start. */
export const ownerOfThisProcess = (): string =>
  [os.hostname().replaceAll(SEP, '-'), process.pid, startTicks(process.pid) ?? ''].join(SEP);

/** True unless the segment's writer is known to be gone: a process of this host that no longer runs. */
export function ownerRuns(owner: string): boolean {
  const [host, pid, start] = owner.split(SEP);
  if (start === undefined || !/^\d+$/.test(pid)) return false; // not a process's name: left behind
  if (host !== os.hostname().replaceAll(SEP, '-')) return true; // another machine's: its own start replays it
  return startTicks(Number(pid)) === start;
}
