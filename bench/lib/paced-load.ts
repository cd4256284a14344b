// A load at a fixed rate (wrk has none), for latency at a given share of the maximum: keep-alive
// connections over node:net, requests released every millisecond as their time comes, each latency taken
// from its send to the end of its answer (µs resolution, sorted for the percentiles). Run as its own
// process (pinnedPacedLoad) so it can sit on the load generator's CPU.
import { execFile } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startCpuCount, type CpuSplit } from './cpu';
import { LOAD_CPU } from './pinning';

export interface PacedOptions {
  port: number;
  paths: string[];
  /** Requests per second, all connections together. */
  rate: number;
  connections: number;
  warmupS: number;
  seconds: number;
  serverPid?: number;
  /** Headers of every request (the clicks' browser User-Agent), after Host. */
  headers?: Readonly<Record<string, string>>;
}

export interface PacedResult {
  rate: number;
  /** Answers per second actually received in the measured part. */
  rps: number;
  p50Ms: number;
  p99Ms: number;
  /** Requests still waiting for a free connection when they were due: > 0 means the server fell behind. */
  late: number;
  unexpected: number;
  cpu: CpuSplit;
}

interface Conn {
  socket: net.Socket;
  busy: boolean;
  sentAt: bigint;
  buf: Buffer;
}

const HEADER_END = Buffer.from('\r\n\r\n');

function run(o: PacedOptions): Promise<PacedResult> {
  const headers = Object.entries(o.headers ?? {})
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  const requests = o.paths.map((p) =>
    Buffer.from(`GET ${p} HTTP/1.1\r\nHost: 127.0.0.1:${o.port}\r\n${headers}\r\n`),
  );
  const capacity = Math.ceil(o.rate * o.seconds * 1.2) + 1000;
  const latencies = new Float64Array(capacity);
  let recorded = 0;
  let unexpected = 0;
  let late = 0;
  let measuring = false;
  let next = 0;
  let due = 0;
  const free: Conn[] = [];

  const send = (c: Conn) => {
    c.busy = true;
    c.sentAt = process.hrtime.bigint();
    c.socket.write(requests[next++ % requests.length]);
  };

  const onData = (c: Conn, chunk: Buffer) => {
    c.buf = c.buf.length ? Buffer.concat([c.buf, chunk]) : chunk;
    for (;;) {
      const end = c.buf.indexOf(HEADER_END);
      if (end < 0) return;
      const head = c.buf.toString('latin1', 0, end);
      const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? 0);
      if (c.buf.length < end + 4 + length) return;
      c.buf = c.buf.subarray(end + 4 + length);
      const status = Number(head.slice(9, 12));
      if (measuring) {
        if (status < 200 || status >= 400) unexpected += 1;
        if (recorded < capacity) latencies[recorded++] = Number(process.hrtime.bigint() - c.sentAt) / 1e6;
      }
      c.busy = false;
      if (due > 0) {
        due -= 1;
        send(c);
      } else free.push(c);
    }
  };

  return new Promise((resolve, reject) => {
    const conns: Conn[] = [];
    for (let i = 0; i < o.connections; i++) {
      const c: Conn = {
        socket: net.connect(o.port, '127.0.0.1'),
        busy: false,
        sentAt: 0n,
        buf: Buffer.alloc(0),
      };
      c.socket.setNoDelay(true);
      c.socket.on('data', (chunk) => onData(c, chunk));
      c.socket.on('error', reject);
      conns.push(c);
      free.push(c);
    }
    const started = Date.now();
    let released = 0;
    let cpu: (() => CpuSplit) | undefined;
    let measuredFrom = 0;
    let measuredCount = 0;
    const tick = () => {
      const now = Date.now();
      const elapsedS = (now - started) / 1000;
      if (!measuring && elapsedS >= o.warmupS) {
        measuring = true;
        measuredFrom = now;
        cpu = startCpuCount(o.serverPid);
      }
      if (elapsedS >= o.warmupS + o.seconds) {
        const split = cpu!();
        measuredCount = recorded;
        for (const c of conns) c.socket.destroy();
        const sorted = latencies.subarray(0, recorded).sort();
        const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
        resolve({
          rate: o.rate,
          rps: measuredCount / ((now - measuredFrom) / 1000),
          p50Ms: pct(0.5),
          p99Ms: pct(0.99),
          late,
          unexpected,
          cpu: split,
        });
        return;
      }
      const target = Math.floor(elapsedS * o.rate);
      for (; released < target; released++) {
        const c = free.pop();
        if (c) send(c);
        else {
          due += 1;
          if (measuring) late += 1;
        }
      }
      setTimeout(tick, 1);
    };
    setTimeout(tick, 1);
  });
}

const self = fileURLToPath(import.meta.url);
const exec = promisify(execFile);

/** The paced load in its own process on the load generator's CPU (`taskset -c 0 node paced-load.ts`). */
export async function pinnedPacedLoad(o: PacedOptions): Promise<PacedResult> {
  const { stdout } = await exec(
    'taskset',
    ['-c', LOAD_CPU, process.execPath, '--import', 'tsx', self, JSON.stringify(o)],
    { cwd: path.dirname(self), maxBuffer: 1 << 20 },
  );
  return JSON.parse(stdout) as PacedResult;
}

if (process.argv[1] === self) {
  const result = await run(JSON.parse(process.argv[2]) as PacedOptions);
  process.stdout.write(JSON.stringify(result));
}
