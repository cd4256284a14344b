// Every report and log the API serves over a range, as each role reads it, in one object: what the
// retention test compares before and after raw clicks are dropped. Lists are read whole (every page).
import {
  Role,
  STATS_CALLS,
  STATS_KINDS,
  statsGroupings,
  type TClickLogList,
  type TList,
} from '@salesdesk/contract';
import type { App } from '../app';
import { call } from './harness';

export interface Reader {
  name: string;
  token: string;
  role: Role;
}

export interface SnapshotScope {
  start: string;
  end: string;
  /** An office of the history, for the office chart. */
  officeId: number;
  /** The pay periods closed before the snapshot (their statements are read). */
  closedPeriods: string[];
}

const PAGE = 500;

async function answer<T>(app: App, token: string, method: 'GET' | 'POST', url: string, body?: object) {
  const res = await call<T>(app, method, url, { token, body });
  if (res.status !== 200) throw new Error(`${method} ${url}: ${res.status} ${res.res.body.slice(0, 300)}`);
  return res;
}

type Paged = { page?: TList<unknown>; items: unknown[] | TList<unknown>; total?: number };
/** The list of an answer: { items, total }, or under `page` (a stats report) or `items` (the sale log). */
const listOf = (got: Paged): TList<unknown> =>
  got.page ?? (Array.isArray(got.items) ? { items: got.items, total: got.total ?? 0 } : got.items);

/** Every page of a list. */
async function allPages(app: App, token: string, url: string, body: object) {
  const pages: unknown[] = [];
  const items: unknown[] = [];
  for (let page = 1; ; page++) {
    const { body: got } = await answer<Paged>(app, token, 'POST', url, { ...body, page, pageSize: PAGE });
    const list = listOf(got);
    pages.push(got);
    items.push(...list.items);
    if (page * PAGE >= list.total) return { pages, items };
  }
}

const csv = async (app: App, token: string, url: string, body: object) =>
  (await answer<string>(app, token, 'POST', url, body)).res.body;

/** Every report and money screen of the range, keyed by what was asked. */
export async function reportSnapshot(app: App, readers: Reader[], s: SnapshotScope) {
  const out: Record<string, unknown> = {};
  const range = { start: s.start, end: s.end };
  for (const r of readers) {
    const admin = r.role <= Role.Admin;
    for (const kind of STATS_KINDS) {
      if (kind.startsWith('sites-payout') && !admin) continue;
      for (const groupBy of statsGroupings(kind, r.role))
        out[`${r.name} ${kind} ${groupBy}`] = await allPages(app, r.token, STATS_CALLS[kind], {
          ...range,
          groupBy,
        });
    }
    out[`${r.name} dashboard`] = (await answer(app, r.token, 'GET', 'dashboard')).body;
    out[`${r.name} sale logs`] = await allPages(app, r.token, 'sale-logs', range);
    out[`${r.name} sale logs csv`] = await csv(app, r.token, 'sale-logs/export', range);
    for (const start of s.closedPeriods) {
      const list = await answer<TList<{ agentId: number }>>(
        app,
        r.token,
        'GET',
        `pay-statements?start=${start}&pageSize=500`,
      );
      out[`${r.name} pay statements ${start}`] = list.body;
      for (const st of list.body.items)
        out[`${r.name} pay statement ${start} ${st.agentId}`] = (
          await answer(app, r.token, 'GET', `pay-statements/${start}/${st.agentId}`)
        ).body;
    }
    if (r.role > Role.Company) continue;
    out[`${r.name} top10`] = (await answer(app, r.token, 'POST', 'stats/top10', range)).body;
    out[`${r.name} top10 computed`] = await allPages(app, r.token, 'stats/top10/computed', {
      ...range,
      groupBy: 'agent',
    });
    out[`${r.name} office charts by month`] = (
      await answer(app, r.token, 'POST', 'stats/office-charts', {
        ...range,
        groupBy: 'month',
        ...(admin ? { companyId: s.officeId } : {}),
      })
    ).body;
    const half = { start: s.start, end: `${s.start.slice(0, 8)}28` };
    out[`${r.name} office performance`] = await allPages(app, r.token, 'stats/periods', {
      period1: range,
      period2: half,
    });
  }
  const [superadmin] = readers;
  const t = superadmin.token;
  for (const kind of STATS_KINDS)
    out[`csv ${kind}`] = await csv(app, t, `${STATS_CALLS[kind]}/export`, { ...range, groupBy: 'detail' });
  out['avp periods'] = (await answer(app, t, 'GET', 'avp-periods')).body;
  out['office charts by day'] = (
    await answer(app, t, 'POST', 'stats/office-charts', {
      start: s.end.slice(0, 8) + '01',
      end: s.end,
      groupBy: 'day',
      companyId: s.officeId,
    })
  ).body;
  out['postback logs'] = await allPages(app, t, 'postback-logs', range);
  out['pay periods'] = (await answer(app, t, 'GET', 'pay-periods?page=1')).body;
  return out;
}

/** The review queue whole (its click-to-sale seconds read the raw click, when it is still there). */
export const reviewQueue = async (app: App, token: string, range: { start: string; end: string }) =>
  (await allPages(app, token, 'review/search', range)).items as { id: number; clickToSale: number | null }[];

/** The click log of the range whole, with its total and first kept day. */
export async function clickLog(app: App, token: string, range: { start: string; end: string }) {
  const rows: TClickLogList['items'] = [];
  for (let page = 1; ; page++) {
    const { body } = await answer<TClickLogList>(app, token, 'POST', 'click-outs/search', {
      ...range,
      page,
      pageSize: PAGE,
    });
    rows.push(...body.items);
    if (page * PAGE >= body.total) return { total: body.total, keptFrom: body.keptFrom, rows };
  }
}
