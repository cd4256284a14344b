// Reading batches and lines: the batches screen (admins who see earnings) and the lines, a batch's or
// one's payment history (agents their own, offices their agents').
import { sql, type SQL } from 'drizzle-orm';
import { PayoutLineStatus as S, PayPeriodStatus } from '@salesdesk/contract';
import { queryOne, queryRows, type Queryable } from '../db/client';

export interface BatchRecord {
  id: number;
  start: string;
  end: string;
  created_at: Date | string;
  created_by: string;
  lines: number;
  amount: string;
  paid: string;
  pending: string;
  failed: string;
  held: string;
  without_details: number;
  files: string[] | null;
}

const sumOf = (status: number) =>
  sql.raw(`coalesce(sum(l.amount) filter (where l.status = ${status}), 0)::numeric(14, 2)::text`);

const BATCH_SELECT = sql`b.id, b.period_start::text as start, p."end"::text as "end", b.created_at,
  coalesce(a.username, '') as created_by,
  (select count(*)::int from payout_lines l where l.batch_id = b.id) as lines,
  (select coalesce(sum(l.amount), 0)::numeric(14, 2)::text from payout_lines l
   where l.batch_id = b.id and l.status <> ${S.carried}) as amount,
  (select ${sumOf(S.paid)} from payout_lines l where l.batch_id = b.id) as paid,
  (select ${sumOf(S.pending)} from payout_lines l where l.batch_id = b.id) as pending,
  (select ${sumOf(S.failed)} from payout_lines l where l.batch_id = b.id) as failed,
  (select ${sumOf(S.held)} from payout_lines l where l.batch_id = b.id) as held,
  (select count(*)::int from payout_lines l
   where l.batch_id = b.id and l.method is null and l.status = ${S.pending}) as without_details,
  (select array_agg(distinct l.method order by l.method) from payout_lines l
   where l.batch_id = b.id and l.status = ${S.pending} and l.method is not null) as files`;
const BATCH_FROM = sql`payout_batches b join pay_periods p on p.start = b.period_start
  left join accounts a on a.id = b.created_by`;

export async function searchBatches(db: Queryable, page: number, pageSize: number) {
  const items = await queryRows<BatchRecord>(
    db,
    sql`select ${BATCH_SELECT} from ${BATCH_FROM} order by b.period_start desc
        limit ${pageSize} offset ${(page - 1) * pageSize}`,
  );
  const total = await queryOne<{ n: number }>(db, sql`select count(*)::int as n from payout_batches`);
  return { items, total: total?.n ?? 0 };
}

export const findBatch = (db: Queryable, id: number) =>
  queryOne<BatchRecord>(db, sql`select ${BATCH_SELECT} from ${BATCH_FROM} where b.id = ${id}`);

export interface LineRecord {
  id: number;
  batch_id: number;
  start: string;
  end: string;
  agent_id: number;
  username: string;
  agent_name: string;
  office_id: number;
  office_name: string;
  amount: string;
  carried_in: string;
  method: string | null;
  last4: string | null;
  reference: string;
  status: number;
  paid_on: string | null;
  bank_reference: string | null;
  fail_reason: string | null;
  confirmed_by: string | null;
}

const LINE_SELECT = sql`l.id, l.batch_id, l.period_start::text as start, p."end"::text as "end", l.agent_id,
  a.username, g.first_name || ' ' || g.last_name as agent_name, l.office_id, o.office_name,
  l.amount::text, l.carried_in::text, l.method, l.last4, l.reference, l.status, l.paid_on::text,
  l.bank_reference, l.fail_reason, c.username as confirmed_by`;
const LINE_FROM = sql`payout_lines l join pay_periods p on p.start = l.period_start
  join agents g on g.id = l.agent_id join accounts a on a.id = g.account_id
  join offices o on o.id = l.office_id left join accounts c on c.id = l.confirmed_by`;

export async function searchLines(db: Queryable, where: SQL, page: number, pageSize: number) {
  const items = await queryRows<LineRecord>(
    db,
    sql`select ${LINE_SELECT} from ${LINE_FROM} where ${where}
        order by l.period_start desc, o.office_name, a.username, l.id
        limit ${pageSize} offset ${(page - 1) * pageSize}`,
  );
  const total = await queryOne<{ n: number }>(
    db,
    sql`select count(*)::int as n from payout_lines l where ${where}`,
  );
  return { items, total: total?.n ?? 0 };
}

export const findLine = (db: Queryable, id: number) =>
  queryOne<LineRecord>(db, sql`select ${LINE_SELECT} from ${LINE_FROM} where l.id = ${id}`);

/** Batches of closed periods whose every line is paid or carried: their periods are paid now. */
export const settledPeriods = (db: Queryable) =>
  queryRows<{ start: string }>(
    db,
    sql`select b.period_start::text as start from payout_batches b
        join pay_periods p on p.start = b.period_start and p.status = ${PayPeriodStatus.Closed}
        where not exists (select 1 from payout_lines l where l.batch_id = b.id
                          and l.status not in (${S.paid}, ${S.carried}))`,
  );
