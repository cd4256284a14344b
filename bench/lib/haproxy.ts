// HAProxy (Debian's haproxy) in front of the benchmark's nodes: one process in the foreground on a free
// port, round robin over the given node ports, keep-alive on both sides and the client passed on in
// X-Forwarded-For, as deploy/haproxy.cfg runs it. Unlike deploy/haproxy.cfg it keeps the X-Forwarded-For
// the load generator sends: the postbacks come from many addresses, as from many sites, not all from one.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, sleep } from './processes';

export const HAPROXY = '/usr/sbin/haproxy';
export const haproxyAvailable = () => fs.existsSync(HAPROXY);

export interface RunningHaproxy {
  baseUrl: string;
  pid: number;
  stop(): Promise<void>;
}

/** `checkPath`: the health check of each node (none for the bare baseline, which answers only clicks). */
export function haproxyConfig(port: number, nodePorts: number[], checkPath?: string): string {
  const check = checkPath ? ' check inter 1s fall 2 rise 1' : '';
  return [
    'global',
    '  maxconn 4000',
    // One thread: the machine has two cores for the load generator, HAProxy, the nodes and the stores.
    '  nbthread 1',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 75s',
    '  timeout server 75s',
    '  option http-keep-alive',
    '  option forwardfor',
    '  http-reuse always',
    'frontend clicks',
    `  bind 127.0.0.1:${port}`,
    '  default_backend nodes',
    'backend nodes',
    '  balance roundrobin',
    ...(checkPath ? [`  option httpchk GET ${checkPath}`] : []),
    ...nodePorts.map((p, i) => `  server node${i + 1} 127.0.0.1:${p}${check}`),
    '',
  ].join('\n');
}

export async function startHaproxy(nodePorts: number[], checkPath?: string): Promise<RunningHaproxy> {
  const port = await freePort();
  const file = path.join(os.tmpdir(), `salesdesk-haproxy-${process.pid}-${port}.cfg`);
  fs.writeFileSync(file, haproxyConfig(port, nodePorts, checkPath));
  const child = spawn(HAPROXY, ['-db', '-f', file], { stdio: ['ignore', 'ignore', 'pipe'] });
  let output = '';
  child.stderr?.on('data', (b: Buffer) => (output += b.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`haproxy exited: ${output}`);
    try {
      await fetch(`${baseUrl}/api/brand`);
      break;
    } catch {
      if (i > 100) throw new Error(`haproxy did not answer: ${output}`);
      await sleep(100);
    }
  }
  return {
    baseUrl,
    pid: child.pid!,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(file, { force: true });
    },
  };
}
