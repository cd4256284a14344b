// A log list's request: paging and sort of the list state, its criteria as flat filter fields.
import type { TListQuery } from '@salesdesk/contract';

// A site's transaction id and an audit target's id (`5/3`, a date) are text: they stay strings.
const TEXT_FIELDS = new Set(['txId', 'targetId']);

/**
 * An id in a JSON body is a number (the contract's rule), while the URL holds text: an id filter
 * (siteId, companyId, agentId, clickId) of plain digits travels as a number. Other text is sent as
 * it is, for the server to refuse.
 */
const asBodyValue = (field: string, value: string): string | number =>
  field.endsWith('Id') && !TEXT_FIELDS.has(field) && /^[1-9]\d{0,15}$/.test(value) ? Number(value) : value;

export function flatListBody<T>(query: TListQuery, override: Record<string, string> = {}): T {
  const filters = Object.fromEntries(query.criteria.map((c) => [c.field, c.value]));
  const flat = Object.entries({ ...filters, ...override }).map(([k, v]) => [k, asBodyValue(k, v)]);
  return {
    page: query.page,
    pageSize: query.pageSize,
    sortField: query.sortField,
    sortAsc: query.sortAsc,
    ...Object.fromEntries(flat),
  } as T;
}
