// What the invalid-traffic rules take of the server's CPU, seen from inside: on each store (PGlite, then
// PostgreSQL) two apps (the rules on, and CLICK_CLASSIFY_BENCH=off), each under `node --cpu-prof` with the people's load of
// classify-cost.ts alone on CPU 1, and the CPU each spends per click in Tracking.recordNow (the rules, the
// unique test and the click's hand-off: all that the rules change) and in garbage collection. The on/off
// ratio of whole processes varies by more than the goal here (classify-cost.ts); a function's samples
// within one process do not.
// `npm run bench -- classify-profile`; BENCH_CLASSIFY_PROFILE_S measured seconds (10, after 3 s of warm-up).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { APP_ARGS, spawnServer } from '@salesdesk/server/src/test/server-process';
import { clickScript } from './classify-cost';
import { checkClickLinks } from './demo-links';
import { LOAD_CPU, pin, pinPostgres, SERVER_CPU } from './lib/pinning';
import { dropDatabase, freshDatabase } from './lib/postgres';
import { machine, spliceBlock, type Block } from './lib/report';
import { runWrk } from './lib/wrk';
import { ONE_CORE_CONNECTIONS } from './one-core';

const SECONDS = Number(process.env.BENCH_CLASSIFY_PROFILE_S ?? 10);
const INTERVAL_US = 100;
const DB = 'salesdesk_bench_classify_profile';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface SideProfile {
  store: 'PGlite' | 'PostgreSQL';
  side: 'on' | 'off';
  rps: number;
  /** Server CPU per click over the measured run, from /proc. */
  serverUs: number;
  /** Shares of the busy samples in the measured run. */
  recordNow: number;
  gc: number;
  samples: number;
}

/** Shares of the busy samples from `fromUs` on (profile clock) whose stack holds recordNow, or are GC. */
function shares(p: Profile, fromUs: number) {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const inRecord = new Map<number, boolean>();
  const holds = (id: number): boolean => {
    let known = inRecord.get(id);
    if (known === undefined) {
      const n = byId.get(id)!;
      const up = parent.get(id);
      known = n.callFrame.functionName === 'recordNow' || (up !== undefined && holds(up));
      inRecord.set(id, known);
    }
    return known;
  };
  let t = p.startTime;
  let busy = 0;
  let record = 0;
  let gc = 0;
  let samples = 0;
  p.samples.forEach((id, i) => {
    t += p.timeDeltas[i];
    const d = p.timeDeltas[i + 1] ?? 0;
    const name = byId.get(id)!.callFrame.functionName;
    if (t < fromUs || name === '(idle)' || name === '(program)') return;
    busy += d;
    samples++;
    if (name === '(garbage collector)') gc += d;
    else if (holds(id)) record += d;
  });
  return { recordNow: record / busy, gc: gc / busy, samples };
}

async function profileSide(side: 'on' | 'off', url: string | undefined): Promise<SideProfile> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'salesdesk-prof-'));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'salesdesk-bench-'));
  const app = await spawnServer({
    args: ['--cpu-prof', `--cpu-prof-dir=${dir}`, `--cpu-prof-interval=${INTERVAL_US}`, ...APP_ARGS],
    env: {
      NODE_ENV: 'development', // CLICK_CLASSIFY_BENCH=off is refused in production
      CLICK_CLASSIFY_BENCH: side,
      TRUST_PROXY: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: url ?? '',
      DEMO_SCALE: '1',
      CAPTCHA: 'off',
      LOG_LEVEL: 'warn',
      SECRET_KEY: 'bench-secret-key-0123456789abcdef',
    },
  });
  try {
    await checkClickLinks(app.baseUrl);
    pin(app.pid!, SERVER_CPU);
    const load = { baseUrl: app.baseUrl, connections: ONE_CORE_CONNECTIONS };
    await runWrk(clickScript('people', 1), { ...load, seconds: 3 });
    // The profile's clock is the process's monotonic microseconds, as hrtime is here.
    const from = Number(process.hrtime.bigint() / 1000n);
    const r = await runWrk(clickScript('people', 100_000), { ...load, seconds: SECONDS, serverPid: app.pid });
    if (r.unexpected || r.errors) throw new Error(`${r.unexpected} unexpected answers, ${r.errors} errors`);
    await app.stop(); // the profile is written as the process exits
    const file = fs.readdirSync(dir).find((f) => /\.0\.\d+\.cpuprofile$/.test(f));
    if (!file) throw new Error('no profile of the main thread was written');
    const profile = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Profile;
    return {
      store: url ? 'PostgreSQL' : 'PGlite',
      side,
      rps: r.rps,
      serverUs: (r.cpu.serverS * 1e6) / r.requests,
      ...shares(profile, from),
    };
  } finally {
    await app.stop();
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function classifyProfileRun(step: (msg: string) => void): Promise<SideProfile[]> {
  const unpin = pinPostgres(LOAD_CPU, (msg) => console.error(`[bench] ${msg}`));
  const sides: SideProfile[] = [];
  try {
    for (const side of ['on', 'off'] as const) {
      step(`classification profile, PGlite: the rules ${side}`);
      sides.push(await profileSide(side, undefined));
    }
    for (const side of ['on', 'off'] as const) {
      step(`classification profile, PostgreSQL: the rules ${side}`);
      const url = await freshDatabase(DB);
      try {
        sides.push(await profileSide(side, url));
      } finally {
        await dropDatabase(DB);
      }
    }
  } finally {
    unpin();
  }
  return sides;
}

export const CLASSIFY_PROFILE_BLOCK: Block = {
  start: '<!-- click classification profile -->',
  end: '<!-- end of click classification profile -->',
};

export function spliceClassifyProfile(file: string, sides: SideProfile[], command: string): string[] {
  const pct = (x: number) => `${(100 * x).toFixed(2)} %`;
  const us = (x: number) => `${x.toFixed(2)} µs`;
  const per = (s: SideProfile, share: number) => share * s.serverUs;
  const lines = [
    '## Invalid traffic classification, profiled (issue 35, one core)',
    '',
    `Written by \`${command}\` (bench/classify-profile.ts) on ` +
      `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC. Machine: ${machine()}.`,
    '',
    'On each store two apps with the demo data, the rules on and `CLICK_CLASSIFY_BENCH=off`, each under ' +
      `\`node --cpu-prof --cpu-prof-interval=${INTERVAL_US}\` alone on CPU ${SERVER_CPU}, \`wrk -t1 -c${ONE_CORE_CONNECTIONS}\` ` +
      `(and PostgreSQL) on CPU ${LOAD_CPU}, the people's load of the blocks above (each (link, address) new), 3 s of ` +
      `warm-up and ${SECONDS} s measured. Tracking.recordNow holds all that the rules change (the rules themselves, ` +
      'the unique test that their REPEAT test takes over, the hand-off of the click); its share of each ' +
      "process's busy samples, times that process's server CPU per click, is what it costs a click. Garbage " +
      "collection is counted apart (the whole process's). The bar: the rules' difference at most 3 % of the " +
      "off process's CPU per click.",
    '',
  ];
  for (const store of ['PGlite', 'PostgreSQL'] as const) {
    const on = sides.find((s) => s.store === store && s.side === 'on');
    const off = sides.find((s) => s.store === store && s.side === 'off');
    if (!on || !off) continue;
    const diff = per(on, on.recordNow) - per(off, off.recordNow);
    const withGc = per(on, on.recordNow + on.gc) - per(off, off.recordNow + off.gc);
    lines.push(
      `### ${store}`,
      '',
      '| rules | req/s | server CPU per click | busy samples | in recordNow | per click | garbage collection | per click |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
      ...[on, off].map(
        (s) =>
          `| ${s.side} | ${Math.round(s.rps).toLocaleString('en-US')} | ${us(s.serverUs)} | ${s.samples.toLocaleString('en-US')} | ` +
          `${pct(s.recordNow)} | ${us(per(s, s.recordNow))} | ${pct(s.gc)} | ${us(per(s, s.gc))} |`,
      ),
      '',
      `recordNow with the rules on less off: ${us(diff)} per click, **${pct(diff / off.serverUs)}** of the off ` +
        `process's CPU per click; with garbage collection: ${us(withGc)}, **${pct(withGc / off.serverUs)}**.`,
      '',
    );
  }
  spliceBlock(file, CLASSIFY_PROFILE_BLOCK, lines);
  return lines;
}
