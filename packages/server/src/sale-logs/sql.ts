// Sale log queries: one page (the page of sale ids first, then its names), its total, every row in chunks.
import { sql, type SQL } from 'drizzle-orm';
import type { TSaleLogSearch } from '@salesdesk/contract';
import type { Queryable } from '../db/client';
import { and } from '../common/list';
import { keysetChunks } from '../common/csv-rows';
import type { Principal } from '../http/auth';
import { col } from '../http/tenant';
import {
  eventLogPage,
  eventNameJoins,
  eventNameLookups,
  newestFirst,
  type EventTable,
} from '../event-logs/event-log';
import { eventWhere } from '../event-logs/filters';
import { countSaleLogs, statusWhere, typeWhere } from './count';

export interface SaleLogRecord {
  id: string | number;
  date: Date | string;
  customer_email: string | null;
  office_name: string | null;
  agent_username: string | null;
  sitename: string | null;
  typename: string | null;
  earning: string;
  payout: string;
  click_id: string | number | null;
  event_type: number;
  status: number;
  reversal_kind: number | null;
  note: string | null;
  reverses_id: string | number | null;
  referer: string | null;
}

const COLUMNS = {
  time: col('l.date'),
  office: col('l.office_id'),
  agent: col('l.agent_id'),
  site: col('l.site_id'),
};

const SALES: EventTable = { from: sql`sales l`, alias: 'l', time: COLUMNS.time, id: col('l.id') };

const SELECT = sql`l.id, l.date, l.customer_email, o.office_name, a.username as agent_username, s.sitename,
  t.typename, l.earning::text as earning, l.payout::text as payout, l.click_id, l.event_type, l.status, l.reversal_kind, l.note, l.reverses_id, l.referer`;

const PAGE_SELECT = sql`l.id, l.date, l.customer_email, ${eventNameLookups('l')}, t.typename,
  l.earning::text as earning, l.payout::text as payout, l.click_id, l.event_type, l.status, l.reversal_kind, l.note, l.reverses_id, l.referer`;

function where(p: Principal, q: TSaleLogSearch): SQL {
  return and([
    eventWhere(p, q, COLUMNS),
    statusWhere(q.status),
    typeWhere(q.recordType),
    q.clickId !== undefined ? sql`l.click_id = ${q.clickId}` : undefined,
    q.email ? sql`l.customer_email = ${q.email}` : undefined,
  ]);
}

export async function searchSaleLogs(db: Queryable, p: Principal, q: TSaleLogSearch) {
  const full = where(p, q);
  const page = eventLogPage<SaleLogRecord>(db, SALES, q, full, PAGE_SELECT);
  const count = countSaleLogs(db, p, q, { base: eventWhere(p, q, COLUMNS), full });
  const [items, total] = await Promise.all([page, count]);
  return { items, total };
}

/** Every matching sale, in the list's order, in chunks. */
export function saleLogChunks(db: Queryable, p: Principal, q: TSaleLogSearch) {
  return keysetChunks<SaleLogRecord>(db, {
    select: SELECT,
    from: sql`sales l ${eventNameJoins('l')}`,
    where: where(p, q),
    time: sql`l.date`,
    id: sql`l.id`,
    desc: newestFirst(q),
  });
}
