// The one paged list query: page and total from one FROM/JOIN/WHERE, sorted by the list's declared fields.
import { sql, type SQL } from 'drizzle-orm';
import { queryOne, queryRows, type Queryable } from '../db/client';

/** LIKE pattern for a user's text: wrapped in percent signs, its own % and _ taken literally. */
export function containsPattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `lower(column) like lower('%value%')`, the spec's LIKE criterion, case-insensitive. */
export const contains = (column: SQL, value: string): SQL =>
  sql`lower(${column}) like lower(${containsPattern(value)})`;

export interface SortSpec<F extends string> {
  /** SQL of every field the contract declares sortable: a field without SQL is a compile error. */
  fields: Record<F, SQL>;
  default: { field: F; asc: boolean };
  /** A unique column that makes the order (and so paging) stable. */
  tieBreak: SQL;
}

/** ORDER BY for a validated sort request, or the list's default. */
export function orderBy<F extends string>(spec: SortSpec<F>, q: { sortField?: F; sortAsc?: boolean }): SQL {
  const field = q.sortField ?? spec.default.field;
  const asc = q.sortField ? (q.sortAsc ?? true) : spec.default.asc;
  return sql`${spec.fields[field]} ${asc ? sql`asc` : sql`desc`} nulls last, ${spec.tieBreak}`;
}

/** The trimmed value of the criterion on `field`; undefined when absent or blank. */
export function criterion<F extends string>(
  criteria: readonly { field: F; value: string }[],
  field: F,
): string | undefined {
  const v = criteria.find((c) => c.field === field)?.value.trim();
  return v ? v : undefined;
}

/** The conditions that are given, joined with AND (true when none). */
export const and = (conds: (SQL | undefined | false)[]): SQL => {
  const list = conds.filter((c): c is SQL => !!c);
  return list.length ? sql.join(list, sql` and `) : sql`true`;
};

export interface Paged<F extends string> {
  /** The select list. */
  select: SQL;
  /** FROM with its JOINs, written once for the page and its total. */
  from: SQL;
  where: SQL;
  sort: SortSpec<F>;
  query: { page: number; pageSize: number; sortField?: F; sortAsc?: boolean };
}

/** One page of rows and the total number of matching rows. */
export async function pagedQuery<Row, F extends string>(
  db: Queryable,
  q: Paged<F>,
): Promise<{ items: Row[]; total: number }> {
  const { page, pageSize } = q.query;
  const [items, count] = await Promise.all([
    queryRows<Row>(
      db,
      sql`select ${q.select} from ${q.from} where ${q.where}
          order by ${orderBy(q.sort, q.query)} limit ${pageSize} offset ${(page - 1) * pageSize}`,
    ),
    queryOne<{ total: number }>(db, sql`select count(*)::int as total from ${q.from} where ${q.where}`),
  ]);
  return { items, total: count?.total ?? 0 };
}
