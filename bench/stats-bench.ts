// `npx tsx bench/stats-bench.ts`: the report engine at DEMO_SCALE=165 on PostgreSQL (about 10 million
// clicks), for a 90-day and a 365-day period, each grouping, with and without an office filter, against
// the bare GROUP BY on stats_daily and the GROUP BY over the raw clicks and sales, in the same run.
// Reads the log benchmark's database (BENCH_STATS_DB_URL, else salesdesk_logs at the admin URL); it only
// reads. Writes its block of bench/RESULTS.md between the stats-bench markers.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { addDays, ALL_PERMISSIONS, Role, type TStatsKind } from '@salesdesk/contract';
import { openDatabase } from '../packages/server/src/db/client';
import type { AppContext } from '../packages/server/src/context';
import type { Principal } from '../packages/server/src/http/auth';
import { statsReport } from '../packages/server/src/stats/report-service';
import { databaseUrl } from './lib/postgres';
import { STATS_BLOCK, machine, spliceBlock } from './lib/report';
import { bareStatements, rawStatements, timeStatements, type Criteria } from './stats-queries';

const here = path.dirname(fileURLToPath(import.meta.url));
const URL = process.env.BENCH_STATS_DB_URL ?? databaseUrl(process.env.BENCH_LOGS_DB ?? 'salesdesk_logs');
const RUNS = Number(process.env.BENCH_STATS_RUNS ?? 9);
const RAW_RUNS = Number(process.env.BENCH_STATS_RAW_RUNS ?? 2);
const step = (msg: string) => console.error(`[stats bench ${new Date().toISOString().slice(11, 19)}] ${msg}`);

// A superadmin that reads everything; built here so the benchmark writes nothing (no login, no token).
const SUPER: Principal = {
  accountId: 0,
  role: Role.Superadmin,
  username: 'bench',
  agentId: null,
  companyId: null,
  officeName: null,
  permissions: [...ALL_PERMISSIONS],
  canDelete: false,
  sessionId: null,
  secondFactor: 'complete',
  impersonatedBy: null,
  fraudSuspended: false,
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function timed(runs: number, fn: () => Promise<unknown>): Promise<number> {
  await fn(); // warm-up: plans and buffers
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await fn();
    times.push(performance.now() - started);
  }
  return median(times);
}

/** Both, alternately, so load from other processes falls on both alike; medians of each. */
async function timedPair(runs: number, a: () => Promise<unknown>, b: () => Promise<unknown>) {
  await a();
  await b();
  const ta: number[] = [];
  const tb: number[] = [];
  for (let i = 0; i < runs; i++) {
    for (const [fn, into] of [
      [a, ta],
      [b, tb],
    ] as const) {
      const started = performance.now();
      await fn();
      into.push(performance.now() - started);
    }
  }
  return [median(ta), median(tb)];
}

interface Case extends Criteria {
  kind: TStatsKind;
  days: number;
}

interface Row extends Case {
  api: number;
  bare: number;
  raw: number;
}

async function main() {
  const database = await openDatabase({ url: URL });
  const ctx = { db: database.db, dbKind: 'postgres' } as AppContext; // the engine reads ctx.db only
  const client = new pg.Client({ connectionString: URL });
  await client.connect();
  try {
    const { rows: meta } = await client.query<{
      last: string;
      office: number;
      clicks: string;
      sales: string;
    }>(
      `select (select max(day)::text from stats_daily) as last,
              (select office_id from stats_daily group by office_id order by sum(raws) desc limit 1) as office,
              (select count(*)::text from clicks) as clicks, (select count(*)::text from sales) as sales`,
    );
    const { last, office, clicks, sales } = meta[0];
    const cases: Case[] = [];
    for (const days of [90, 365])
      for (const groupBy of ['date', 'company', 'agent', 'detail'] as const)
        for (const officeId of [undefined, office])
          cases.push({ kind: 'sites', groupBy, days, start: addDays(last, 1 - days), end: last, officeId });
    cases.push({
      kind: 'sites-payout-avp',
      groupBy: 'company',
      days: 90,
      start: addDays(last, -89),
      end: last,
    });
    cases.push({
      kind: 'sites-payout-avp',
      groupBy: 'agent',
      days: 90,
      start: addDays(last, -89),
      end: last,
    });

    const results: Row[] = [];
    for (const c of cases) {
      const label = `${c.kind} ${c.groupBy}, ${c.days} days, ${c.officeId ? 'one office' : 'all offices'}`;
      step(label);
      const q = {
        groupBy: c.groupBy,
        start: c.start,
        end: c.end,
        companyId: c.officeId,
        page: 1,
        pageSize: 50,
        criteria: [],
      };
      const [api, bare] = await timedPair(
        RUNS,
        () => statsReport(ctx, SUPER, c.kind, q),
        () => timeStatements(client, bareStatements(c)),
      );
      const raw = await timed(RAW_RUNS, () => timeStatements(client, rawStatements(c)));
      results.push({ ...c, api, bare, raw });
    }
    writeBlock(results, { clicks: Number(clicks), sales: Number(sales), last });
  } finally {
    await client.end();
    await database.close();
  }
}

const ms = (x: number) => `${x.toFixed(x < 10 ? 1 : 0)} ms`;

function writeBlock(rows: Row[], data: { clicks: number; sales: number; last: string }) {
  const lines = [
    '## Statistics reports at scale (PostgreSQL)',
    '',
    `Written by \`npx tsx bench/stats-bench.ts\` on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC. Machine: ${machine()}.`,
    '',
    `Database: the demo data at DEMO_SCALE=165 (${data.clicks.toLocaleString('en-US')} clicks, ${data.sales.toLocaleString('en-US')} sales over 90 days up to ${data.last}). ` +
      `Each figure is the median of ${RUNS} runs after a warm-up, the report and its bare GROUP BY alternating (raw GROUP BY: ${RAW_RUNS} runs); the report engine is called in process as a superadmin (page 1 of 50 rows, page total, overall totals, lppPrev with the lpp option on), the baselines through one pg connection. ` +
      'Goals: report <= 2x the bare GROUP BY on stats_daily, and <= 1/50 of the raw GROUP BY.',
    '',
    '| report | grouping | period | offices | report engine | bare stats_daily GROUP BY | ratio | raw clicks+sales GROUP BY | report / raw |',
    '| --- | --- | ---: | --- | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (r) =>
        `| ${r.kind} | ${r.groupBy} | ${r.days} days | ${r.officeId ? 'one' : 'all'} | ${ms(r.api)} | ${ms(r.bare)} | ${(r.api / r.bare).toFixed(2)} | ${ms(r.raw)} | 1/${Math.round(r.raw / r.api)} |`,
    ),
    '',
    fs.readFileSync(path.join(here, 'stats-analysis.md'), 'utf8').trim(),
  ];
  spliceBlock(path.join(here, 'RESULTS.md'), STATS_BLOCK, lines);
  const block = lines.join('\n');
  console.log(block);
}

await main();
