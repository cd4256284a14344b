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

/**
 * CPU seconds of every PostgreSQL process, backends that have exited included: the postmaster (whose
 * parent is not postgres) carries its waited-for children's time in cutime and cstime.
 */
export function postgresCpuS(): number {
  let ticks = 0;
  for (const pid of pidsNamed('postgres')) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat
        .slice(stat.lastIndexOf(')') + 2)
        .split(' ')
        .map(Number);
      const parentIsPostgres = fs.readFileSync(`/proc/${f[1]}/comm`, 'utf8').trim() === 'postgres';
      ticks += f[11] + f[12] + (parentIsPostgres ? 0 : f[13] + f[14]);
    } catch {
      /* exited meanwhile */
    }
  }
  return ticks / TICKS_PER_S;
}

export interface CpuSplit {
  serverS: number;
  postgresS: number;
  benchS: number;
}

/** Starts counting; the returned function answers the CPU seconds spent since. */
export function startCpuCount(serverPid: number | undefined): () => CpuSplit {
  const postgres = postgresCpuS;
  const server0 = serverPid ? processCpuS(serverPid) : 0;
  const postgres0 = postgres();
  const bench0 = process.cpuUsage();
  return () => {
    const bench = process.cpuUsage(bench0);
    return {
      serverS: (serverPid ? processCpuS(serverPid) : 0) - server0,
      postgresS: postgres() - postgres0,
      benchS: (bench.user + bench.system) / 1e6,
    };
  };
}
