// CPU time (user + system) spent by the server, by PostgreSQL and by the bench process itself during a
// measured run: on a small machine this shows what the load generator and the database take away.
import fs from 'node:fs';

const TICKS_PER_S = 100; // USER_HZ on Linux

/** utime + stime of a process in seconds; 0 when it is gone or unreadable. */
function processCpuS(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_S;
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

export interface CpuSplit {
  serverS: number;
  postgresS: number;
  benchS: number;
}

/** Starts counting; the returned function answers the CPU seconds spent since. */
export function startCpuCount(serverPid: number | undefined): () => CpuSplit {
  const postgres = () => pidsNamed('postgres').reduce((sum, pid) => sum + processCpuS(pid), 0);
  const server0 = serverPid ? processCpuS(serverPid) : 0;
  const postgres0 = postgres();
  const bench0 = process.cpuUsage();
  return () => {
    const bench = process.cpuUsage(bench0);
    return {
      serverS: (serverPid ? processCpuS(serverPid) : 0) - server0,
      // A backend that exits takes its CPU time along: never report less than nothing.
      postgresS: Math.max(0, postgres() - postgres0),
      benchS: (bench.user + bench.system) / 1e6,
    };
  };
}
