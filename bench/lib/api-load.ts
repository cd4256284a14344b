// wrk sending one API call (method, path, JSON body) with bearer tokens taken in turn, pinned to the load
// generator's CPU (lib/wrk.ts). Every answer but `expect` counts as unexpected.
import { luaScript, runWrk, type WrkResult } from './wrk';

export interface ApiCall {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /** Bearer tokens (session tokens or API keys), one per request in turn. */
  tokens: string[];
  expect: number;
}

/** `taskset -c 0 wrk -t1 -c{connections} -d{seconds}s --latency -s call.lua baseUrl`. */
export function wrkApi(opts: {
  baseUrl: string;
  call: ApiCall;
  connections: number;
  seconds: number;
  serverPid?: number;
}): Promise<WrkResult> {
  const { call } = opts;
  const body = call.body === undefined ? 'nil' : JSON.stringify(JSON.stringify(call.body));
  const headers = '{ ["Authorization"] = "Bearer " .. item, ["Content-Type"] = "application/json" }';
  const format = `wrk.format(${JSON.stringify(call.method)}, ${JSON.stringify(call.path)}, ${headers}, ${body})`;
  const script = luaScript(
    call.tokens.map((t) => JSON.stringify(t)),
    format,
    call.expect,
  );
  return runWrk(script, opts);
}
