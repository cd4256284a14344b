// Paging, sorting and criteria helpers every list endpoint uses; sort fields come from a whitelist.
import { sql, type SQL } from 'drizzle-orm';
import type { TCriterion, TListQuery } from '@salesdesk/contract';

/** LIKE pattern for a user's text: wrapped in percent signs, its own % and _ taken literally. */
export function containsPattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** ORDER BY from a whitelist of sortable fields; an unknown field falls back to the default. */
export function orderBy(
  sortable: Record<string, SQL>,
  q: { sortField?: string; sortAsc?: boolean },
  fallback: { field: string; asc: boolean },
  tieBreak: SQL,
): SQL {
  const known = q.sortField && q.sortField in sortable;
  const field = known ? q.sortField! : fallback.field;
  const asc = known ? (q.sortAsc ?? true) : fallback.asc;
  return sql`${sortable[field]} ${asc ? sql`asc` : sql`desc`} nulls last, ${tieBreak}`;
}

export function limitOffset(q: Pick<TListQuery, 'page' | 'pageSize'>): SQL {
  return sql`limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`;
}

/** The value of a criterion on `field`, trimmed; undefined when absent or blank. */
export function criterion(criteria: TCriterion[], field: string): string | undefined {
  const v = criteria.find((c) => c.field === field)?.value.trim();
  return v ? v : undefined;
}

export const and = (conds: (SQL | undefined)[]): SQL => {
  const list = conds.filter((c): c is SQL => !!c);
  return list.length ? sql.join(list, sql` and `) : sql`true`;
};
