// `npm run bench -- dashboard` (or `npx tsx bench/dashboard-bench.ts`; `npm run bench` runs it after the log
// pages): the dashboard, each role's Home and the top-10 rankings at DEMO_SCALE=165 on PostgreSQL against
// the bare top-10 GROUP BY on stats_daily, in the same run. Reads the log benchmark's database
// (BENCH_STATS_DB_URL, else salesdesk_logs at the admin URL, loaded first when missing) and only reads.
// Writes its block of bench/RESULTS.md between the dashboard-bench markers.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { addDays, ALL_PERMISSIONS, easternDayStart, Role, weekOf } from '@salesdesk/contract';
import { openDatabase } from '../packages/server/src/db/client';
import type { AppContext } from '../packages/server/src/context';
import type { Principal } from '../packages/server/src/http/auth';
import { getDashboard } from '../packages/server/src/dashboard/service';
import { getHome } from '../packages/server/src/home/service';
import { top10, top10Computed } from '../packages/server/src/top-agents/service';
import { scaleDatabase } from './log-scale-db';
import { DASHBOARD_BLOCK, machine, spliceBlock } from './lib/report';

const here = path.dirname(fileURLToPath(import.meta.url));
const GIVEN_URL = process.env.BENCH_STATS_DB_URL;
const RUNS = Number(process.env.BENCH_DASHBOARD_RUNS ?? 21);
const step = (msg: string) =>
  console.error(`[dashboard bench ${new Date().toISOString().slice(11, 19)}] ${msg}`);

const principal = (role: Role, ids: { agentId?: number; companyId?: number } = {}): Principal => ({
  accountId: 0,
  role,
  username: 'bench',
  agentId: ids.agentId ?? null,
  companyId: ids.companyId ?? null,
  officeName: null,
  permissions: role === Role.Superadmin ? [...ALL_PERMISSIONS] : [],
  canDelete: false,
  sessionId: null,
  secondFactor: 'complete',
  impersonatedBy: null,
  fraudSuspended: false,
});

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Medians of `fn` and `base`, timed in turns so a busy moment of the shared machine hits both alike. */
async function timedPair(
  fn: () => Promise<unknown>,
  base: () => Promise<unknown>,
): Promise<[number, number]> {
  await fn(); // warm-up: plans and buffers
  await base();
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    let started = performance.now();
    await fn();
    a.push(performance.now() - started);
    started = performance.now();
    await base();
    b.push(performance.now() - started);
  }
  return [median(a), median(b)];
}

/** The bare ranking: sales per agent (or office) of the days, the 10 largest, nothing joined. */
const bareTop10 = (key: 'agent_id' | 'office_id', range?: { start: string; end: string }) => ({
  text: `select ${key}, sum(sales) as sales from stats_daily
         ${range ? 'where day between $1 and $2' : ''}
         group by ${key} having sum(sales) > 0 order by sales desc limit 10`,
  values: range ? [range.start, range.end] : [],
});

interface Figure {
  measure: string;
  value: number;
  baseline: string;
  baselineValue: number;
}

/** Measures and writes the block; `command` is what the block says produced it. */
export async function runDashboardBench(command: string) {
  const URL = GIVEN_URL ?? (await scaleDatabase()).url;
  const database = await openDatabase({ url: URL });
  const ctx = { db: database.db, dbKind: 'postgres' } as AppContext; // the services read ctx.db only
  const client = new pg.Client({ connectionString: URL });
  await client.connect();
  try {
    const { rows } = await client.query<{
      last: string;
      agent: number;
      office: number;
      sales: string;
      days: string;
      clicks: string;
    }>(
      `select (select max(day)::text from stats_daily) as last,
              (select count(*)::text from stats_daily) as days,
              (select count(*)::text from sales) as sales,
              (select count(*)::text from clicks) as clicks,
              g.id as agent, g.office_id as office
       from agents g order by g.id limit 1`,
    );
    const { last, agent, office, sales, days, clicks } = rows[0];
    // "Now" is noon of the last day with data, so this week's tables hold the newest sales.
    const now = new Date(easternDayStart(last).getTime() + 12 * 3_600_000);
    const week = weekOf(now);
    const bare = async (...qs: { text: string; values: unknown[] }[]) => {
      for (const q of qs) await client.query(q);
    };
    const threeBare = () =>
      bare(bareTop10('agent_id', week), bareTop10('agent_id'), bareTop10('office_id', week));

    const figures: Figure[] = [];
    const add = async (
      measure: string,
      fn: () => Promise<unknown>,
      baseline: string,
      base: () => Promise<unknown>,
    ) => {
      step(measure);
      const [value, baselineValue] = await timedPair(fn, base);
      figures.push({ measure, value, baseline, baselineValue });
    };
    const admin = principal(Role.Superadmin);
    const agentP = principal(Role.Agent, { agentId: agent, companyId: office });
    await add(
      'dashboard as an admin',
      () => getDashboard(ctx, admin, now),
      'the 3 bare top-10 queries',
      threeBare,
    );
    await add(
      'dashboard as an agent',
      () => getDashboard(ctx, agentP, now),
      'the 3 bare top-10 queries',
      threeBare,
    );
    // Each role's Home figures (issue 37): one request, under 100 ms at 10 million clicks.
    for (const [who, p] of [
      ['an admin', admin],
      ['an office', principal(Role.Company, { companyId: office })],
      ['an agent', agentP],
    ] as const)
      await add(
        `home (GET /api/home) as ${who}`,
        () => getHome(ctx, p, now),
        'the 3 bare top-10 queries',
        threeBare,
      );
    await add(
      'bare all-time top 10 agents (no day bound)',
      () => bare(bareTop10('agent_id')),
      'bare weekly top 10 agents',
      () => bare(bareTop10('agent_id', week)),
    );
    for (const span of [90, 365]) {
      const range = { start: addDays(last, 1 - span), end: last };
      for (const groupBy of ['agent', 'company'] as const) {
        const key = groupBy === 'agent' ? 'agent_id' : 'office_id';
        await add(
          `stats/top10, ${groupBy}, ${span} days`,
          () => top10(ctx, admin, { ...range, groupBy, siteIds: [] }),
          'bare top-10 GROUP BY',
          () => bare(bareTop10(key, range)),
        );
        await add(
          `stats/top10/computed page 1, ${groupBy}, ${span} days`,
          () => top10Computed(ctx, admin, { ...range, groupBy, siteIds: [], page: 1, pageSize: 50 }),
          'bare top-10 GROUP BY',
          () => bare(bareTop10(key, range)),
        );
      }
    }
    writeBlock(command, figures, {
      clicks: Number(clicks),
      sales: Number(sales),
      rollupRows: Number(days),
      last,
      week,
    });
  } finally {
    await client.end();
    await database.close();
  }
}

const ms = (x: number) => `${x.toFixed(1)} ms`;

function writeBlock(
  command: string,
  figures: Figure[],
  data: { clicks: number; sales: number; rollupRows: number; last: string; week: object },
) {
  const lines = [
    '## Dashboard and top 10 at scale (PostgreSQL)',
    '',
    `Written by \`${command}\` on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC. Machine: ${machine()}.`,
    '',
    `Database: the demo data at DEMO_SCALE=165 (${data.clicks.toLocaleString('en-US')} clicks, ${data.sales.toLocaleString('en-US')} sales up to ${data.last}, ` +
      `${data.rollupRows.toLocaleString('en-US')} stats_daily rows). Each figure is the median of ${RUNS} runs after a warm-up, the measure and its baseline timed in turns. ` +
      'The services are called in process (the dashboard: notes, latest news, weekly and all-time top 10 agents and ' +
      "the weekly office top 10 with names, on the pool's connections); the baselines are the bare GROUP BYs on " +
      'stats_daily without names, one after another on one pg connection. Goal: dashboard <= 2x the bare top-10 ' +
      "queries and under 100 ms; each role's Home (GET /api/home, issue 37) under 100 ms.",
    '',
    '| measure | Salesdesk | baseline | baseline value | ratio |',
    '| --- | ---: | --- | ---: | ---: |',
    ...figures.map(
      (f) =>
        `| ${f.measure} | ${ms(f.value)} | ${f.baseline} | ${ms(f.baselineValue)} | ${(f.value / f.baselineValue).toFixed(2)} |`,
    ),
    '',
    fs.readFileSync(path.join(here, 'dashboard-analysis.md'), 'utf8').trim(),
  ];
  spliceBlock(path.join(here, 'RESULTS.md'), DASHBOARD_BLOCK, lines);
  const block = lines.join('\n');
  console.log(block);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  await runDashboardBench('npx tsx bench/dashboard-bench.ts');
