// Query strings for GET calls, through the contract's toQueryString (each non-null key=value, joined by '&').
import { toQueryString, type QueryValue } from '@salesdesk/contract';

export type QueryParams = Readonly<Record<string, QueryValue>>;

/** Appends a query string to a path, with '?' only when there is something to append. */
export function withQuery(path: string, params?: QueryParams): string {
  const qs = params ? toQueryString(params) : '';
  if (!qs) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${qs}`;
}
