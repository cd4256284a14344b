// Review queue queries: a page of held and flagged sales (their ids from the partial index
// sales_review_idx, then their names and click), its total, the held count of the badge, and the
// agent's sales Suspend for fraud changes.
import { sql, type SQL } from 'drizzle-orm';
import { FRAUD_RULE_BITS, SaleStatus, type TReviewSearch } from '@salesdesk/contract';
import { queryOne, type Queryable } from '../db/client';
import { and } from '../common/list';
import type { Principal } from '../http/auth';
import { col } from '../http/tenant';
import { eventLogPage, eventNameLookups, type EventTable } from '../event-logs/event-log';
import { eventWhere } from '../event-logs/filters';

export interface ReviewRecord {
  id: string | number;
  date: Date | string;
  event_type: number;
  status: number;
  reversal_kind: number | null;
  fraud_flags: number;
  hold_until: Date | string | null;
  agent_id: number;
  office_id: number;
  site_id: number;
  office_name: string | null;
  agent_username: string | null;
  sitename: string | null;
  typename: string | null;
  customer_email: string | null;
  click_id: string | number | null;
  click_to_sale: number | null;
  payout: string;
  earning: string;
  note: string | null;
}

const COLUMNS = {
  time: col('l.date'),
  office: col('l.office_id'),
  agent: col('l.agent_id'),
  site: col('l.site_id'),
};

// Written as the index's predicate, so the planner reads the queue from it alone.
const IN_QUEUE = sql`(l.status = ${sql.raw(String(SaleStatus.Held))} or l.fraud_flags <> 0)`;

const QUEUE: EventTable = {
  from: sql`sales l`,
  alias: 'l',
  time: COLUMNS.time,
  id: col('l.id'),
  pageJoins: sql`left join link_types t on t.id = l.type_id left join clicks c on c.id = l.click_id`,
};

const PAGE_SELECT = sql`l.id, l.date, l.event_type, l.status, l.reversal_kind, l.fraud_flags, l.hold_until,
  l.agent_id, l.office_id, l.site_id, ${eventNameLookups('l')}, t.typename, l.customer_email, l.click_id,
  floor(extract(epoch from l.date - c.click_time))::int as click_to_sale,
  l.payout::text as payout, l.earning::text as earning, l.note`;

function statusWhere(status: TReviewSearch['status']): SQL | undefined {
  if (status === 'held') return sql`l.status = ${SaleStatus.Held}`;
  if (status === 'flagged') return sql`l.fraud_flags <> 0 and l.status <> ${SaleStatus.Held}`;
  return undefined;
}

function where(p: Principal, q: TReviewSearch): SQL {
  return and([
    IN_QUEUE,
    sql`l.event_type in (0, 1)`,
    eventWhere(p, q, COLUMNS),
    statusWhere(q.status),
    q.rule ? sql`(l.fraud_flags & ${FRAUD_RULE_BITS[q.rule]}) <> 0` : undefined,
  ]);
}

export async function searchReview(db: Queryable, p: Principal, q: TReviewSearch) {
  const filter = where(p, q);
  const [items, count] = await Promise.all([
    eventLogPage<ReviewRecord>(db, QUEUE, q, filter, PAGE_SELECT),
    queryOne<{ n: number }>(db, sql`select count(*)::int as n from sales l where ${filter}`),
  ]);
  return { items, total: count?.n ?? 0 };
}

/** The held sales and bonuses: the menu badge. */
export async function countHeld(db: Queryable): Promise<number> {
  const row = await queryOne<{ n: number }>(
    db,
    sql`select count(*)::int as n from sales l where ${IN_QUEUE} and l.status = ${SaleStatus.Held}`,
  );
  return row?.n ?? 0;
}
