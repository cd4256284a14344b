// The month partitions of clicks and postback_logs (migration 0012): one per US Eastern month, named
// `<table>_YYYY_MM`, plus `<table>_default` for rows of a month not created yet. Months are created ahead
// and for any month a bulk write needs; a month past its retention is dropped whole, never row by row.
import { sql } from 'drizzle-orm';
import { easternDay, easternDayStart } from '@salesdesk/contract';
import { queryOne, queryRows, type Db, type Queryable } from './client';

/** Each partitioned table and its partition key. */
export const PARTITION_KEYS = { clicks: 'click_time', postback_logs: 'time' } as const;
export type PartitionedTable = keyof typeof PARTITION_KEYS;
export const PARTITIONED_TABLES = Object.keys(PARTITION_KEYS) as PartitionedTable[];

/** Months created past the current one, so a month's first write always finds its partition. */
export const MONTHS_AHEAD = 2;
// A drop or an attach waits at most this long for its lock: queued behind a long read (a CSV export),
// it would hold every write to the table back; the job tries again on its next run instead.
const LOCK_TIMEOUT = '5s';

/** The first day ('YYYY-MM-01') of the Eastern month holding `at`. */
export const easternMonth = (at: Date): string => `${easternDay(at).slice(0, 7)}-01`;

/** The first day of the month `n` months after the one starting `month` ('YYYY-MM-01'). */
export function addMonths(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number);
  const d = new Date(Date.UTC(y, m - 1 + n, 1));
  return d.toISOString().slice(0, 10);
}

/** The instant the Eastern month starting `month` begins. */
export const monthStart = (month: string): Date => easternDayStart(month);

export interface MonthPartition {
  name: string;
  /** Its Eastern month's first day ('YYYY-MM-01'). */
  month: string;
}

const MONTH_NAME = /_(\d{4})_(\d{2})$/;

/** The month partitions of `table`, oldest first (the default partition is not one). */
export async function monthPartitions(db: Queryable, table: PartitionedTable): Promise<MonthPartition[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
        where i.inhparent = ${table}::regclass`,
  );
  return rows
    .map(({ name }) => ({ name, m: MONTH_NAME.exec(name) }))
    .filter((r): r is { name: string; m: RegExpExecArray } => r.m !== null)
    .map(({ name, m }) => ({ name, month: `${m[1]}-${m[2]}-01` }))
    .sort((a, b) => a.month.localeCompare(b.month));
}

/** Creates the partition of `month` unless it exists, moving the month's rows out of the default one. */
export async function ensureMonthPartition(db: Db, table: PartitionedTable, month: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('lock_timeout', ${LOCK_TIMEOUT}, true)`);
    const row = await queryOne<{ created: boolean }>(
      tx,
      sql`select ensure_month_partition(${table}, ${PARTITION_KEYS[table]}, ${month}::date) as created`,
    );
    return row?.created === true;
  });
}

/** Creates every missing month partition of `table` holding an instant of [from, to]; answers the new ones. */
export async function ensureMonthPartitions(
  db: Db,
  table: PartitionedTable,
  from: Date,
  to: Date,
): Promise<string[]> {
  const created: string[] = [];
  for (let m = easternMonth(from); m <= easternMonth(to); m = addMonths(m, 1))
    if (await ensureMonthPartition(db, table, m)) created.push(m);
  return created;
}

/** The months of the rows waiting in the default partition (written before their month existed). */
export async function defaultPartitionMonths(db: Queryable, table: PartitionedTable): Promise<string[]> {
  const key = sql.identifier(PARTITION_KEYS[table]);
  const rows = await queryRows<{ month: string }>(
    db,
    sql`select distinct to_char(date_trunc('month', ${key} at time zone 'America/New_York'), 'YYYY-MM-DD') as month
        from ${sql.identifier(`${table}_default`)} order by 1`,
  );
  return rows.map((r) => r.month);
}

/**
 * Drops, one transaction each, the month partitions of `table` that end before `firstKept` (a month's
 * first day); `inDrop` runs in each drop's transaction. Answers the partitions dropped.
 */
export async function dropMonthsBefore(
  db: Db,
  table: PartitionedTable,
  firstKept: string,
  inDrop?: (tx: Queryable) => Promise<void>,
): Promise<MonthPartition[]> {
  const old = (await monthPartitions(db, table)).filter((p) => p.month < firstKept);
  for (const p of old)
    await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('lock_timeout', ${LOCK_TIMEOUT}, true)`);
      // DROP detaches it: the month's rows go with their file, none is deleted one by one. If exists:
      // another process may have dropped it since the list was read.
      await tx.execute(sql`drop table if exists ${sql.identifier(p.name)}`);
      await inDrop?.(tx);
    });
  return old;
}
