// The bulk path of the demo history (DEMO_SCALE > 1): raw clicks and sales in large unnest() batches,
// uniqueness decided by the live path's own UniqueTracker, then stats_daily rebuilt from the raw rows.
import { sql } from 'drizzle-orm';
import { rebuildRollups } from '../rollups/rebuild';
import { VALID_CLICK } from '@salesdesk/contract';
import { nextClickIds } from '../tracking/sql';
import { UniqueTracker } from '../tracking/uniques';
import type { Db, Queryable } from '../db/client';
import {
  demoTxId,
  type DayPlan,
  type HistoryCast,
  type PlannedClick,
  type PlannedSale,
} from './history-plan';
import { progressReporter, type AvpTally, type HistoryCounts } from './history-summary';
import { type RateColumn, saleRate } from '../ledger';

const CHUNK = 5000;
// Statements in flight at once: the database works while the next day is planned and encoded.
const WRITES_IN_FLIGHT = 3;

export interface BulkContext {
  /** Every day of the history, oldest first (the rollup rebuild covers them all). */
  days: string[];
  cast: HistoryCast;
  tally: AvpTally;
  progress: boolean;
}

async function insertClickRows(db: Queryable, day: DayPlan, ids: number[], unique: boolean[], from: number) {
  const rows = day.clicks.slice(from, from + CHUNK);
  const col = <T>(pick: (c: PlannedClick, i: number) => T) => sql.param(rows.map(pick));
  await db.execute(sql`
    insert into clicks (id, click_time, site_id, type_id, agent_id, office_id, ip, is_unique, referer, user_agent,
                        invalid_reason)
    select * from unnest(
      ${col((_, i) => ids[from + i])}::bigint[], ${col((c) => new Date(c.time).toISOString())}::timestamptz[],
      ${col((c) => c.siteId)}::int[], ${col((c) => c.typeId)}::int[], ${col((c) => c.agentId)}::int[],
      ${col((c) => c.officeId)}::int[], ${col((c) => c.ip)}::varchar[], ${col((_, i) => unique[from + i])}::boolean[],
      ${col((c) => c.referer)}::text[], ${col((c) => c.userAgent)}::text[], ${col((c) => c.invalidReason)}::smallint[])`);
}

// Bonus rows (event_type 1) take the bonus rates, exactly as a postback does.
const rate = (col: RateColumn) => saleRate(col, sql`u.event_type = 1`);

async function insertSaleRows(db: Queryable, day: DayPlan, ids: number[], from: number) {
  const rows = day.sales.slice(from, from + CHUNK);
  const col = <T>(pick: (s: PlannedSale, c: PlannedClick) => T) =>
    sql.param(rows.map((s) => pick(s, day.clicks[s.click])));
  await db.execute(sql`
    insert into sales (date, event_type, site_id, type_id, agent_id, office_id, click_id, customer_email,
                       payout, earning, lpp, tx_id, referer)
    select u.date, u.event_type, u.site_id, u.type_id, u.agent_id, u.office_id, u.click_id, u.email,
           ${rate('payout')}, ${rate('earning')}, ${rate('lpp')}, u.tx_id, u.referer
    from unnest(
      ${col((s) => new Date(s.time).toISOString())}::timestamptz[], ${col((s) => (s.event === 'sale' ? 0 : 1))}::smallint[],
      ${col((_, c) => c.siteId)}::int[], ${col((_, c) => c.typeId)}::int[], ${col((_, c) => c.agentId)}::int[],
      ${col((_, c) => c.officeId)}::int[], ${col((s) => ids[s.click])}::bigint[], ${col((s) => s.email)}::varchar[],
      ${col((s) => demoTxId(s.event, ids[s.click]))}::varchar[], ${col((_, c) => c.referer)}::text[]
    ) as u(date, event_type, site_id, type_id, agent_id, office_id, click_id, email, tx_id, referer)
    join link_types t on t.id = u.type_id
    left join office_fees f on f.type_id = u.type_id and f.office_id = u.office_id and f.enable
    on conflict (site_id, tx_id) where event_type in (0, 1) do nothing`);
}

/** Runs writes `limit` at a time, so planning and several inserts overlap; the first failure is rethrown. */
class WriteLane {
  private readonly inflight = new Set<Promise<void>>();
  private failure: { err: unknown } | undefined;

  constructor(private readonly limit: number) {}

  async add(write: () => Promise<void>) {
    while (this.inflight.size >= this.limit) await Promise.race(this.inflight);
    this.check();
    const running: Promise<void> = write()
      .catch((err: unknown) => {
        this.failure ??= { err };
      })
      .finally(() => this.inflight.delete(running));
    this.inflight.add(running);
  }

  async drain() {
    await Promise.all(this.inflight);
    this.check();
  }

  private check() {
    if (this.failure) throw this.failure.err;
  }
}

/** Queues one day's raw rows on the lane; answers how many of its clicks are unique. */
async function insertDay(db: Db, lane: WriteLane, day: DayPlan, uniqueness: (c: PlannedClick) => boolean) {
  const ids = await nextClickIds(db, day.clicks.length);
  const unique = day.clicks.map(uniqueness);
  for (let from = 0; from < day.clicks.length; from += CHUNK)
    await lane.add(() => insertClickRows(db, day, ids, unique, from));
  for (let from = 0; from < day.sales.length; from += CHUNK)
    await lane.add(() => insertSaleRows(db, day, ids, from));
  return unique.filter(Boolean).length;
}

/** Inserts every planned day, then rebuilds stats_daily of the cast's sites over the whole range. */
export async function insertHistoryBulk(
  db: Db,
  plans: Iterable<DayPlan>,
  b: BulkContext,
): Promise<HistoryCounts> {
  const tracker = new UniqueTracker();
  // As the live path: a machine's, staff's or black listed click is never the unique one.
  const uniqueness = (c: PlannedClick) =>
    c.invalidReason === VALID_CLICK && tracker.firstInDay(c.typeId, c.agentId, c.ip, c.time);
  const lane = new WriteLane(WRITES_IN_FLIGHT);
  const counts: HistoryCounts = { clicks: 0, uniques: 0, sales: 0, bonuses: 0 };
  const report = progressReporter('demo history (bulk insert)', b.days.length, b.progress);
  let done = 0;
  for (const day of plans) {
    counts.uniques += await insertDay(db, lane, day, uniqueness);
    counts.clicks += day.clicks.length;
    for (const s of day.sales) counts[s.event === 'sale' ? 'sales' : 'bonuses'] += 1;
    b.tally.addDay(day);
    report(++done, counts.clicks + counts.sales + counts.bonuses);
  }
  await lane.drain();
  const rebuild = progressReporter('stats_daily rebuild', b.days.length, b.progress);
  await rebuildRollups(db, {
    from: b.days[0],
    to: b.days[b.days.length - 1],
    siteIds: b.cast.sites.map((s) => s.id),
    chunkDays: 7,
    onProgress: ({ daysDone }) => rebuild(daysDone),
  });
  return counts;
}
