// A log list's request: paging and sort of the list state, its criteria as flat filter fields.
import type { TListQuery } from '@salesdesk/contract';

export function flatListBody<T>(query: TListQuery, override: Record<string, string> = {}): T {
  const filters = Object.fromEntries(query.criteria.map((c) => [c.field, c.value]));
  return {
    page: query.page,
    pageSize: query.pageSize,
    sortField: query.sortField,
    sortAsc: query.sortAsc,
    ...filters,
    ...override,
  } as T;
}
