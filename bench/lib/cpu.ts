// CPU time (user + system) spent by the server, by PostgreSQL and by the bench process itself during a
// measured run: on a small machine this shows what the load generator and the database take away.
import fs from 'node:fs';

const TICKS_PER_S = 100; // USER_HZ on Linux

/** utime + stime of a process in seconds; 0 when it is gone or unreadable. */
export function processCpuS(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_S;
  } catch {
    return 0;
  }
}

/**
 * CPU seconds of a process, every thread summed, to the nanosecond (/proc/<pid>/task/<tid>/schedstat): a
 * phase of a second or two measured in /proc/<pid>/stat's 10 ms ticks would be off by a per cent. Threads
 * that exited meanwhile are not counted (a server's threads live as long as it does).
 */
export function processCpuNsS(pid: number): number {
  let ns = 0;
  try {
    for (const tid of fs.readdirSync(`/proc/${pid}/task`))
      try {
        ns += Number(fs.readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
      } catch {
        /* exited meanwhile */
      }
  } catch {
    return 0;
  }
  return ns / 1e9;
}

/** CPU seconds of this process's children that exited and were waited for (wrk, once its run is over). */
export function exitedChildrenCpuS(): number {
  const stat = fs.readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[13]) + Number(fields[14])) / TICKS_PER_S;
}

/**
 * CPU seconds of a single-threaded process (a PostgreSQL backend) to the nanosecond, from
 * /proc/<pid>/schedstat (its main thread only); 0 when it is gone. /proc/<pid>/stat counts in 10 ms ticks.
 */
export function onCpuS(pid: number): number {
  try {
    return Number(fs.readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e9;
  } catch {
    return 0;
  }
}

export function pidsNamed(name: string): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === name) pids.push(Number(entry));
    } catch {
      /* exited meanwhile */
    }
  }
  return pids;
}

/** Each live PostgreSQL process's own CPU ticks, and the exited backends' ticks (the postmaster's). */
interface PostgresTicks {
  live: Map<number, number>;
  exited: number;
}

function postgresTicks(): PostgresTicks {
  const live = new Map<number, number>();
  let exited = 0;
  for (const pid of pidsNamed('postgres')) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat
        .slice(stat.lastIndexOf(')') + 2)
        .split(' ')
        .map(Number);
      live.set(pid, f[11] + f[12]);
      // The postmaster (whose parent is not postgres) carries its waited-for children's time.
      if (fs.readFileSync(`/proc/${f[1]}/comm`, 'utf8').trim() !== 'postgres') exited += f[13] + f[14];
    } catch {
      /* exited meanwhile */
    }
  }
  return { live, exited };
}

/**
 * Starts counting the CPU of every PostgreSQL process; the answer is the seconds spent since. A backend
 * that exits meanwhile brings its whole life's time into the postmaster's count (an idle pool connection
 * closing after the demo data load carried seconds of it), so its time before the start is taken off.
 */
export function startPostgresCpu(): () => number {
  const start = postgresTicks();
  return () => {
    const now = postgresTicks();
    let ticks = now.exited - start.exited;
    for (const [pid, t] of now.live) ticks += t - (start.live.get(pid) ?? 0);
    for (const [pid, t] of start.live) if (!now.live.has(pid)) ticks -= t;
    return ticks / TICKS_PER_S;
  };
}

export interface CpuSplit {
  serverS: number;
  postgresS: number;
  benchS: number;
  /** Share of each CPU's time (from /proc/stat) that was not idle, 0-1, by CPU number. */
  busy: number[];
}

/** Per CPU: [busy, total] jiffies so far (idle and iowait count as not busy). */
function cpuJiffies(): [number, number][] {
  const out: [number, number][] = [];
  for (const line of fs.readFileSync('/proc/stat', 'utf8').split('\n')) {
    const m = /^cpu(\d+) (.*)$/.exec(line);
    if (!m) continue;
    const f = m[2].trim().split(/\s+/).map(Number);
    const total = f.slice(0, 8).reduce((a, b) => a + b, 0); // user .. steal; guest is inside user
    out[Number(m[1])] = [total - f[3] - f[4], total];
  }
  return out;
}

/** Starts counting; the returned function answers the CPU seconds spent since. */
export function startCpuCount(serverPid: number | undefined): () => CpuSplit {
  const server0 = serverPid ? processCpuS(serverPid) : 0;
  const postgres = startPostgresCpu();
  const jiffies0 = cpuJiffies();
  const bench0 = process.cpuUsage();
  return () => {
    const bench = process.cpuUsage(bench0);
    return {
      serverS: (serverPid ? processCpuS(serverPid) : 0) - server0,
      postgresS: postgres(),
      busy: cpuJiffies().map(
        ([busy, total], i) => (busy - jiffies0[i][0]) / Math.max(1, total - jiffies0[i][1]),
      ),
      benchS: (bench.user + bench.system) / 1e6,
    };
  };
}
