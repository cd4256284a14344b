// Scale: the first page (with its total) and page 1,000 of the click and sale logs for the last 7, 30
// and 90 days, without a filter and with the busiest office or agent, each beside the bare indexed
// SELECT ... ORDER BY ... LIMIT 50 on the same database, timed alternately in the bench process.
// Every total is also checked against count(*) of the raw rows.
import { sql, type SQL } from 'drizzle-orm';
import { addDays, Role } from '@salesdesk/contract';
import { buildApp } from '../packages/server/src/app';
import { createContext } from '../packages/server/src/bootstrap';
import { loadConfig } from '../packages/server/src/config';
import type { AppContext } from '../packages/server/src/context';
import { queryOne, queryRows } from '../packages/server/src/db/client';
import { DEMO_PASSWORD } from '../packages/server/src/demo/data';
import { eventWhere, rollupTotal } from '../packages/server/src/event-logs/filters';
import { listClickLogs } from '../packages/server/src/click-logs/service';
import { listSaleLogs } from '../packages/server/src/sale-logs/service';
import type { Principal } from '../packages/server/src/http/auth';
import { col } from '../packages/server/src/http/tenant';

export const PERIODS = [7, 30, 90] as const;
export const DEEP_PAGE = 1000;
const PAGE_SIZE = 50;
const RUNS = Number(process.env.BENCH_LOGS_RUNS ?? 15);

export type LogName = 'click' | 'sale';
export type FilterName = 'none' | 'office' | 'agent';
export interface LogCase {
  log: LogName;
  days: number;
  filter: FilterName;
}
export interface LogMeasure extends LogCase {
  firstMs: number;
  bareFirstMs: number;
  deepMs: number;
  bareDeepMs: number;
  /** The whole POST through Fastify (app.inject: token, validation, JSON), first page. */
  requestMs: number;
  /** The exact total alone (the stats_daily sum the first page runs beside its page query). */
  totalMs: number;
  total: number;
  countMs: number;
  exact: boolean;
}

const ADMIN: Principal = {
  accountId: 0,
  role: Role.Superadmin,
  username: 'bench',
  agentId: null,
  companyId: null,
  officeName: null,
  permissions: [],
  canDelete: false,
  sessionId: null,
  secondFactor: 'complete',
  impersonatedBy: null,
  fraudSuspended: false,
};

const TABLES = {
  click: {
    table: sql`clicks`,
    time: 'click_time',
    cols: {
      time: col('c.click_time'),
      office: col('c.office_id'),
      agent: col('c.agent_id'),
      site: col('c.site_id'),
    },
  },
  sale: {
    table: sql`sales`,
    time: 'date',
    cols: {
      time: col('c.date'),
      office: col('c.office_id'),
      agent: col('c.agent_id'),
      site: col('c.site_id'),
    },
  },
} as const;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const since = (t: bigint) => Number(process.hrtime.bigint() - t) / 1e6;

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t = process.hrtime.bigint();
  await fn();
  return since(t);
}

/** Alternates the two so drift on a shared machine hits both alike; medians of `runs`, after 2 warm-ups. */
async function pair(a: () => Promise<unknown>, b: () => Promise<unknown>, runs = RUNS) {
  const as: number[] = [];
  const bs: number[] = [];
  for (let i = 0; i < runs + 2; i++) {
    const ta = await timed(a);
    const tb = await timed(b);
    if (i >= 2) {
      as.push(ta);
      bs.push(tb);
    }
  }
  return [median(as), median(bs)] as const;
}

interface World {
  ctx: AppContext;
  lastDay: string;
  officeId: number;
  agentId: number;
  inject: (url: string, body: object) => Promise<number>;
}

function filters(w: World, c: LogCase) {
  const start = addDays(w.lastDay, 1 - c.days);
  return {
    start,
    end: w.lastDay,
    ...(c.filter === 'office' ? { companyId: w.officeId } : {}),
    ...(c.filter === 'agent' ? { agentId: w.agentId } : {}),
  };
}

async function measureCase(w: World, c: LogCase): Promise<LogMeasure> {
  const f = filters(w, c);
  const t = TABLES[c.log];
  const where: SQL = eventWhere(ADMIN, f, t.cols);
  const time = sql.raw(`c.${t.time}`);
  const bare = (page: number) => () =>
    queryRows(
      w.ctx.db,
      sql`select c.* from ${t.table} c where ${where} order by ${time} desc
                            limit ${PAGE_SIZE} offset ${(page - 1) * PAGE_SIZE}`,
    );
  const list = (page: number) => () => {
    const q = { ...f, page, pageSize: PAGE_SIZE, criteria: [] };
    return c.log === 'click' ? listClickLogs(w.ctx, ADMIN, q) : listSaleLogs(w.ctx, ADMIN, q);
  };
  const [firstMs, bareFirstMs] = await pair(list(1), bare(1));
  const [deepMs, bareDeepMs] = await pair(
    list(DEEP_PAGE),
    bare(DEEP_PAGE),
    Math.max(3, Math.round(RUNS / 3)),
  );
  const url = c.log === 'click' ? 'click-outs/search' : 'sale-logs';
  const requests: number[] = [];
  for (let i = 0; i < RUNS; i++) requests.push(await w.inject(url, f));
  const counter = c.log === 'click' ? sql`r.raws` : sql`r.sales + r.bonus_sales`;
  const totals: number[] = [];
  for (let i = 0; i < RUNS; i++) totals.push(await timed(() => rollupTotal(w.ctx.db, ADMIN, f, counter)));
  const answer = await list(1)();
  const total = 'total' in answer ? answer.total : answer.items.total;
  const started = process.hrtime.bigint();
  const raw = await queryOne<{ n: string }>(
    w.ctx.db,
    sql`select count(*)::text as n from ${t.table} c where ${where}`,
  );
  const countMs = since(started);
  return {
    ...c,
    firstMs,
    bareFirstMs,
    deepMs,
    bareDeepMs,
    requestMs: median(requests),
    totalMs: median(totals),
    total,
    countMs,
    exact: Number(raw?.n) === total,
  };
}

/** The busiest office and agent (most clicks) and the last day of the history. */
async function pickTargets(ctx: AppContext) {
  const row = await queryOne<{ last_day: string; office_id: number; agent_id: number }>(
    ctx.db,
    sql`select (select max(day)::text from stats_daily) as last_day,
          (select office_id from stats_daily group by office_id order by sum(raws) desc limit 1) as office_id,
          (select agent_id from stats_daily group by agent_id order by sum(raws) desc limit 1) as agent_id`,
  );
  if (!row?.last_day) throw new Error('the log benchmark database has no history');
  return { lastDay: row.last_day, officeId: row.office_id, agentId: row.agent_id };
}

export async function benchLogPages(url: string, onCase: (c: LogCase) => void): Promise<LogMeasure[]> {
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: url,
    CAPTCHA: 'off',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
  });
  const { ctx, database } = await createContext(config);
  const app = await buildApp(ctx);
  try {
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'super', password: DEMO_PASSWORD },
    });
    const token = (JSON.parse(login.body) as { token: string }).token;
    const inject = async (path: string, body: object) => {
      const t = process.hrtime.bigint();
      const res = await app.inject({
        method: 'POST',
        url: `/api/${path}`,
        payload: body,
        headers: { authorization: `Bearer ${token}` },
      });
      if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
      return since(t);
    };
    const w: World = { ctx, inject, ...(await pickTargets(ctx)) };
    const out: LogMeasure[] = [];
    for (const log of ['click', 'sale'] as const)
      for (const days of PERIODS)
        for (const filter of ['none', 'office', 'agent'] as const) {
          onCase({ log, days, filter });
          out.push(await measureCase(w, { log, days, filter }));
        }
    return out;
  } finally {
    await app.close();
    await database.close();
  }
}
