// autocannon runs with a warm-up: the warm-up result is dropped, the measured run is kept.
import autocannon from 'autocannon';
import { startCpuCount, type CpuSplit } from './cpu';

export const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 2);
export const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);

export interface LoadOptions {
  baseUrl: string;
  /** The path of the n-th request (so every request can differ). */
  path: (n: number) => string;
  /** Headers of the n-th request, if any. */
  headers?: (n: number) => Record<string, string>;
  connections: number;
  /** The status class a request must answer to count as done. */
  expect: '2xx' | '3xx';
  /** The server process, whose CPU time is counted during the measured run. */
  serverPid?: number;
}

export interface LoadResult {
  /** Requests per second answered with the expected status class. */
  rps: number;
  /** Latency in ms: mean (to two decimals), median and 99th percentile. */
  mean: number;
  p50: number;
  p99: number;
  /** Requests answered otherwise, and connection errors (both should be 0). */
  unexpected: number;
  errors: number;
  /** CPU seconds of server, PostgreSQL and the bench (autocannon) during the measured run. */
  cpu: CpuSplit;
}

/** One autocannon run of `durationS` seconds, the n-th request numbered from `counter`. */
export function runLoad(
  opts: LoadOptions,
  durationS: number,
  counter: { n: number },
): Promise<autocannon.Result> {
  return autocannon({
    url: opts.baseUrl,
    connections: opts.connections,
    duration: durationS,
    pipelining: 1,
    requests: [
      {
        method: 'GET',
        setupRequest: (req) => {
          const n = counter.n++;
          return { ...req, path: opts.path(n), ...(opts.headers ? { headers: opts.headers(n) } : {}) };
        },
      },
    ],
  });
}

/** A warm-up of WARMUP_S seconds, then DURATION_S measured seconds. */
export async function measureLoad(opts: LoadOptions, counter = { n: 0 }): Promise<LoadResult> {
  if (WARMUP_S > 0) await runLoad(opts, WARMUP_S, counter);
  const cpu = startCpuCount(opts.serverPid);
  const r = await runLoad(opts, DURATION_S, counter);
  const done = r[opts.expect];
  const answered = r['1xx'] + r['2xx'] + r['3xx'] + r['4xx'] + r['5xx'];
  return {
    rps: done / r.duration,
    mean: r.latency.mean,
    p50: r.latency.p50,
    p99: r.latency.p99,
    unexpected: answered - done,
    errors: r.errors,
    cpu: cpu(),
  };
}
