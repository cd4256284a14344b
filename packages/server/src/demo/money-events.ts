// The demo's money lifecycle over its history (DESIGN.md section 9): some sales refunded and charged
// back days after they were made, the last days of a hold-days site still held and a few earlier ones
// rejected, and a few adjustments, so every screen has them to show. Chosen by each sale's place in
// its site's history (not by id), so the service and the bulk paths make the same events. Each
// statement writes its rows and their stats_daily figures together, as the live paths do.
import { sql, type SQL } from 'drizzle-orm';
import { easternDay, EventType, Role, SaleStatus } from '@salesdesk/contract';
import { queryOne, type Queryable } from '../db/client';
import { addAdjustment, moveSales, reverseDue, SALE_COLUMNS } from '../ledger';

const DAY_MS = 86_400_000;

export interface MoneyEventCounts {
  refunds: number;
  chargebacks: number;
  held: number;
  rejected: number;
  adjustments: number;
}

/** The unreversed sales and bonuses of `siteIds` in `statuses`, numbered in their site's order. */
const numbered = (siteIds: number[], statuses: number[] = [SaleStatus.Approved]): SQL => sql`
  select ${SALE_COLUMNS}, row_number() over (partition by site_id order by date, event_type, customer_email) as n
  from sales
  where site_id = any(${sql.param(siteIds)}::int[]) and event_type in (0, 1)
    and status = any(${sql.param(statuses)}::smallint[]) and reversal_kind is null`;

/** Reverses every `every`-th sale, `afterDays(n)` days after it was made, when that is before `now`. */
function reverseEvery(
  db: Queryable,
  siteIds: number[],
  now: Date,
  r: { eventType: number; every: number; offset: number; minDays: number; spreadDays: number; note: string },
): Promise<number> {
  return reverseDue(
    db,
    sql`select * from (
          select *, date + ((${r.minDays} + (n / ${r.every}) % ${r.spreadDays}) * interval '1 day') as at
          from (${numbered(siteIds)}) s
          where n % ${r.every} = ${r.offset}
        ) t where at < ${now.toISOString()}::timestamptz`,
    r.eventType,
    r.note,
  );
}

/** Moves the chosen sales to `status` (held until `holdUntil`), figures and all. */
const setStatus = (db: Queryable, which: SQL, status: number, holdUntil: SQL, note: string | null) =>
  moveSales(db, which, status, sql`, hold_until = ${holdUntil}, note = ${note}`);

/** The demo's reversals, holds and rejections over the history of `siteIds` up to `now`. */
export async function addDemoMoneyEvents(
  db: Queryable,
  siteIds: number[],
  agentIds: number[],
  now: Date,
): Promise<MoneyEventCounts> {
  if (!siteIds.length) return { refunds: 0, chargebacks: 0, held: 0, rejected: 0, adjustments: 0 };
  const refunds = await reverseEvery(db, siteIds, now, {
    eventType: EventType.Refund,
    every: 29,
    offset: 7,
    minDays: 1,
    spreadDays: 9,
    note: 'Customer asked for a refund',
  });
  const chargebacks = await reverseEvery(db, siteIds, now, {
    eventType: EventType.Chargeback,
    every: 61,
    offset: 13,
    minDays: 10,
    spreadDays: 20,
    note: 'Card issuer chargeback',
  });
  // A site with hold days: its sales of the last hold days are still held (the postback holds them;
  // the bulk path inserts them approved), older ones were approved when their hold was up, except every
  // 7th of the two weeks before, rejected when reviewed.
  const holdSites = sql`(select id from sites where hold_days > 0 and id = any(${sql.param(siteIds)}::int[]))`;
  const heldSince = sql`(${now.toISOString()}::timestamptz - (select hold_days from sites where id = s.site_id) * interval '1 day')`;
  const both = [SaleStatus.Approved, SaleStatus.Held];
  const held = await setStatus(
    db,
    sql`select ${SALE_COLUMNS} from (${numbered(siteIds, both)}) s
        where s.site_id in ${holdSites} and s.date >= ${heldSince}`,
    SaleStatus.Held,
    sql`t.date + (select hold_days from sites where id = t.site_id) * interval '1 day'`,
    null,
  );
  await setStatus(
    db,
    sql`select ${SALE_COLUMNS} from (${numbered(siteIds, [SaleStatus.Held])}) s
        where s.site_id in ${holdSites} and s.date < ${heldSince}`,
    SaleStatus.Approved,
    sql`null`,
    null,
  );
  const rejected = await setStatus(
    db,
    sql`select ${SALE_COLUMNS} from (${numbered(siteIds)}) s
        where s.site_id in ${holdSites} and s.n % 7 = 3
          and s.date < ${heldSince} and s.date >= ${heldSince} - interval '14 days'`,
    SaleStatus.Rejected,
    sql`null`,
    'Duplicate customer account',
  );
  const adjustments = await addDemoAdjustments(db, agentIds, now);
  return { refunds, chargebacks, held, rejected, adjustments };
}

/** A goodwill bonus and a partial refund for the first agents, by the first superadmin if any. */
async function addDemoAdjustments(db: Queryable, agentIds: number[], now: Date): Promise<number> {
  const superadmin = await queryOne<{ id: number }>(
    db,
    sql`select id from accounts where role = ${Role.Superadmin} order by id limit 1`,
  );
  const plans = [
    { payout: '500.00', earning: '0', days: 20, note: 'Goodwill bonus for the month target' },
    { payout: '-75.00', earning: '-12.50', days: 9, note: 'Partial refund agreed with the site' },
  ];
  let n = 0;
  for (const [i, agentId] of agentIds.slice(0, 2).entries()) {
    const p = plans[i];
    const date = easternDay(new Date(now.getTime() - p.days * DAY_MS));
    if (
      await addAdjustment(
        db,
        { agentId, payout: p.payout, earning: p.earning, date, note: p.note },
        superadmin?.id ?? null,
      )
    )
      n += 1;
  }
  return n;
}
