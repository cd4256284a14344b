// wrk (Debian's package) as the load generator of the one-core measurements, pinned to its own CPU. A Lua
// script sends the given requests in turn, so every request differs as real clicks do.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { startCpuCount, type CpuSplit } from './cpu';
import { LOAD_CPU } from './pinning';

const run = promisify(execFile);

export interface WrkResult {
  rps: number;
  requests: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers outside 2xx/3xx, and socket errors: both should be 0. */
  unexpected: number;
  errors: number;
  cpu: CpuSplit;
}

/**
 * A wrk Lua script: `list` (Lua table items) turned into requests by `format` (a Lua expression of `item`)
 * once wrk knows the host (a request without a Host header answers 400), sent in turn; every answer but
 * `expect` counts as unexpected (wrk's own "Non-2xx or 3xx" line counts 3xx answers too).
 */
export function luaScript(list: string[], format: string, expect: number): string {
  return `local items = {\n  ${list.join(',\n  ')}\n}
local requests = {}
local n = 0
unexpected = 0
local threads = {}
setup = function(thread) table.insert(threads, thread) end
init = function()
  for i, item in ipairs(items) do requests[i] = ${format} end
end
request = function()
  n = n % #requests + 1
  return requests[n]
end
response = function(status) if status ~= ${expect} then unexpected = unexpected + 1 end end
done = function()
  local total = 0
  for _, t in ipairs(threads) do total = total + t:get("unexpected") end
  io.write(string.format("Unexpected answers: %d\\n", total))
end
`;
}

const toMs = (value: string, unit: string) =>
  Number(value) * (unit === 'us' ? 0.001 : unit === 's' ? 1000 : unit === 'm' ? 60_000 : 1);

export function parseWrk(out: string): Omit<WrkResult, 'cpu'> {
  const latency = (pct: string) => {
    const m = new RegExp(`^\\s*${pct}%\\s+([\\d.]+)(us|ms|s|m)\\s*$`, 'm').exec(out);
    if (!m) throw new Error(`wrk printed no ${pct}% latency:\n${out}`);
    return toMs(m[1], m[2]);
  };
  const rps = /^Requests\/sec:\s+([\d.]+)/m.exec(out);
  const requests = /^\s*(\d+) requests in/m.exec(out);
  if (!rps || !requests) throw new Error(`wrk printed no rate:\n${out}`);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  return {
    rps: Number(rps[1]),
    requests: Number(requests[1]),
    p50Ms: latency('50'),
    p99Ms: latency('99'),
    unexpected: Number(/^Unexpected answers: (\d+)/m.exec(out)?.[1] ?? NaN),
    errors: socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0,
  };
}

/**
 * `taskset -c 0 wrk (or opts.cpus) -t1 -c{connections} -d{seconds}s --latency -s paths.lua baseUrl`. A
 * header value is written as a JSON string, which Lua reads alike for plain ASCII (no escapes).
 */
export function wrk(opts: {
  baseUrl: string;
  paths: string[];
  connections: number;
  seconds: number;
  serverPid?: number;
  /** The CPUs wrk runs on: the load generator's own by default. */
  cpus?: string;
  /** Headers of every request (the clicks' browser User-Agent); wrk adds Host. */
  headers?: Readonly<Record<string, string>>;
}): Promise<WrkResult> {
  const headers = Object.entries(opts.headers ?? {})
    .map(([name, value]) => `[${JSON.stringify(name)}] = ${JSON.stringify(value)}`)
    .join(', ');
  const script = luaScript(
    opts.paths.map((p) => JSON.stringify(p)),
    headers ? `wrk.format("GET", item, { ${headers} })` : 'wrk.format("GET", item)',
    302,
  );
  return runWrk(script, opts);
}

/** Runs wrk pinned with the Lua `script`, counting the server's CPU meanwhile. */
export async function runWrk(
  script: string,
  opts: { baseUrl: string; connections: number; seconds: number; serverPid?: number; cpus?: string },
): Promise<WrkResult> {
  const file = path.join(os.tmpdir(), `salesdesk-wrk-${process.pid}-${Date.now()}.lua`);
  fs.writeFileSync(file, script);
  try {
    const args = [
      '-c',
      opts.cpus ?? LOAD_CPU,
      'wrk',
      '-t1',
      `-c${opts.connections}`,
      `-d${opts.seconds}s`,
      '--latency',
    ];
    const cpu = startCpuCount(opts.serverPid);
    const { stdout } = await run('taskset', [...args, '-s', file, opts.baseUrl]);
    return { ...parseWrk(stdout), cpu: cpu() };
  } finally {
    fs.rmSync(file, { force: true });
  }
}

export function wrkAvailable(): boolean {
  try {
    return (
      fs.existsSync('/usr/bin/wrk') || !!process.env.PATH?.split(':').some((d) => fs.existsSync(`${d}/wrk`))
    );
  } catch {
    return false;
  }
}
