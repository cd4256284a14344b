// What authenticating by API key costs against a session: one report route (POST /api/stats/top10, the
// last 7 days, as the demo admin) called with session tokens and with API keys in alternating pairs,
// the app alone on CPU 1, wrk and PostgreSQL on CPU 0 (as bench/one-core.ts measures). Both sides send
// 20 tokens in turn: the keys' rate limit (6,000 a minute each at most) is counted on every request but
// never reached. Writes its section of bench/RESULTS.md.
import os from 'node:os';
import { addDays, easternDay } from '@salesdesk/contract';
import { wrkApi, type ApiCall } from './lib/api-load';
import { median } from './lib/median';
import { LOAD_CPU, pin, pinPostgres, SERVER_CPU } from './lib/pinning';
import { dropDatabase, freshDatabase } from './lib/postgres';
import { startApp } from './lib/processes';
import { machine } from './lib/report';

const DB = 'salesdesk_bench_keys';
const TOKENS = 20;
const PASSWORD = 'demo1234';

export interface KeyAuthRun {
  pairs: { session: number; key: number; ratio: number; sessionCpuUs: number; keyCpuUs: number }[];
  ratio: number;
  /** The median of key/session server CPU per request: the cost itself, where req/s also moves with PostgreSQL. */
  cpuRatio: number;
  load: string;
  seconds: number;
}

async function call<T>(baseUrl: string, method: string, path: string, token: string | null, body?: unknown) {
  const res = await fetch(`${baseUrl}/api/${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export async function keyAuthRun(opts: { pairs: number; seconds: number }): Promise<KeyAuthRun> {
  const url = await freshDatabase(DB);
  const app = await startApp({ databaseUrl: url });
  const unpin = pinPostgres(LOAD_CPU, (msg) => console.error(`[bench] ${msg}`));
  try {
    const login = () =>
      call<{ token: string }>(app.baseUrl, 'POST', 'auth/login', null, {
        username: 'admin',
        password: PASSWORD,
      });
    const sessions: string[] = [];
    for (let i = 0; i < TOKENS; i++) sessions.push((await login()).token);
    const keys: string[] = [];
    for (let i = 0; i < TOKENS; i++) {
      const made = await call<{ key: string }>(app.baseUrl, 'PUT', 'api-keys', sessions[0], {
        name: `bench ${i + 1}`,
        scopes: ['stats:read'],
        rateLimit: 6000,
        currentPassword: PASSWORD,
      });
      keys.push(made.key);
    }
    const end = easternDay(new Date());
    const body = { start: addDays(end, -6), end };
    const route = (tokens: string[]): ApiCall => ({
      method: 'POST',
      path: '/api/stats/top10',
      body,
      tokens,
      expect: 200,
    });
    // Both answer the same report before anything is measured.
    const [bySession, byKey] = await Promise.all([
      call(app.baseUrl, 'POST', 'stats/top10', sessions[0], body),
      call(app.baseUrl, 'POST', 'stats/top10', keys[0], body),
    ]);
    if (JSON.stringify(bySession) !== JSON.stringify(byKey))
      throw new Error('a key and a session answer differently');
    pin(app.pid!, SERVER_CPU);
    const load0 = os.loadavg()[0];
    const measure = async (tokens: string[]) => {
      const load = { baseUrl: app.baseUrl, call: route(tokens), connections: 20 };
      await wrkApi({ ...load, seconds: 2 });
      const r = await wrkApi({ ...load, seconds: opts.seconds, serverPid: app.pid });
      if (r.unexpected || r.errors) throw new Error(`${r.unexpected} unexpected answers, ${r.errors} errors`);
      return { rps: r.rps, cpuUs: (r.cpu.serverS * 1e6) / Math.max(1, r.requests) };
    };
    const pairs: KeyAuthRun['pairs'] = [];
    for (let i = 0; i < opts.pairs; i++) {
      // Alternate which goes first, so a drift of the machine favours neither.
      const first = await measure(i % 2 ? keys : sessions);
      const second = await measure(i % 2 ? sessions : keys);
      const [s, k] = i % 2 ? [second, first] : [first, second];
      pairs.push({
        session: s.rps,
        key: k.rps,
        ratio: k.rps / s.rps,
        sessionCpuUs: s.cpuUs,
        keyCpuUs: k.cpuUs,
      });
      console.error(
        `[bench] key auth pair ${i + 1}: session ${s.rps.toFixed(0)}/s, key ${k.rps.toFixed(0)}/s`,
      );
    }
    return {
      pairs,
      ratio: median(pairs.map((p) => p.ratio)),
      cpuRatio: median(pairs.map((p) => p.keyCpuUs / p.sessionCpuUs)),
      load: `${load0.toFixed(1)} at the start, ${os.loadavg()[0].toFixed(1)} at the end`,
      seconds: opts.seconds,
    };
  } finally {
    unpin();
    await app.stop();
    await dropDatabase(DB);
  }
}

export function keyAuthSection(run: KeyAuthRun, command: string): string[] {
  const n = (x: number) => Math.round(x).toLocaleString('en-US');
  return [
    '## API key against session on one report route (PostgreSQL, one core)',
    '',
    `Written by \`${command}\` on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC. ` +
      `Machine: ${machine()}; load average ${run.load}.`,
    '',
    `\`POST /api/stats/top10\` (the last 7 days, the demo admin, demo data at scale 1) with ${TOKENS} session ` +
      `tokens in turn against ${TOKENS} API keys (\`stats:read\`) in turn; the app on CPU ${SERVER_CPU}, wrk ` +
      `\`-t1 -c20\` and PostgreSQL on CPU ${LOAD_CPU}; each side 2 s warm-up and ${run.seconds} s measured, ` +
      'the first of each pair alternating. A key is one read of the key and its owner (as a session is one ' +
      'read of the session and its account) and a count of its rate limit.',
    '',
    '| pair | req/s session | server CPU per request | req/s key | server CPU per request | ratio key/session |',
    '| ---: | ---: | ---: | ---: | ---: | ---: |',
    ...run.pairs.map(
      (p, i) =>
        `| ${i + 1} | ${n(p.session)} | ${p.sessionCpuUs.toFixed(0)} µs | ${n(p.key)} | ${p.keyCpuUs.toFixed(0)} µs | ${p.ratio.toFixed(3)} |`,
    ),
    '',
    `Median ratio key/session: **${run.ratio.toFixed(3)}** requests/s (the bar: at least 0.95); server CPU ` +
      `per request ${run.cpuRatio.toFixed(3)} (below 1: a key costs the server less than a session). ` +
      'Requests/s also moves with PostgreSQL, which shares its CPU with wrk: the pairs spread more than the ' +
      'server’s CPU per request does.',
  ];
}
