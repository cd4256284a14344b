// List screens keep page, page size, sort and search criteria in the URL query; a new search goes to page 1.
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  DEFAULT_PAGE,
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  type TCriterion,
  type TListQuery,
} from '@salesdesk/contract';

export type ListFilters = Record<string, string>;
type Operator = TCriterion['operator'];

export type ListStateOptions = {
  defaultSortField?: string;
  defaultSortAsc?: boolean;
  defaultPageSize?: number;
  /** Query keys that are search criteria; by default every key other than the paging and sort keys. */
  filterKeys?: readonly string[];
  /** Criterion operator per filter key; LIKE (contains) unless given. */
  operators?: Readonly<Record<string, Operator>>;
};

export type ListState = {
  page: number;
  pageSize: number;
  sortField?: string;
  sortAsc: boolean;
  filters: ListFilters;
  setPage: (page: number) => void;
  setPageSize: (pageSize: number) => void;
  setSort: (field: string, asc: boolean) => void;
  /** Replaces the search criteria (blank values are dropped) and goes back to page 1. */
  setFilters: (filters: Readonly<Record<string, string | null | undefined>>) => void;
  /** The list request body. */
  query: TListQuery;
};

const RESERVED = ['page', 'pageSize', 'sortField', 'sortAsc'];

function positiveInt(raw: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 && n <= max ? n : fallback;
}

function readFilters(params: URLSearchParams, filterKeys?: readonly string[]): ListFilters {
  const filters: ListFilters = {};
  params.forEach((value, key) => {
    const isFilter = filterKeys ? filterKeys.includes(key) : !RESERVED.includes(key);
    if (isFilter && value.trim()) filters[key] = value;
  });
  return filters;
}

export function useListState(options: ListStateOptions = {}): ListState {
  const {
    defaultSortField,
    defaultSortAsc = true,
    defaultPageSize = DEFAULT_PAGE_SIZE,
    filterKeys,
    operators,
  } = options;
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // Callers often pass inline arrays and objects: depend on their content, not their identity.
  const filterKeysKey = filterKeys?.join('\n');
  const operatorsKey = JSON.stringify(operators ?? {});

  const read = useMemo(() => {
    const sortField = params.get('sortField') ?? defaultSortField;
    const sortAscRaw = params.get('sortAsc');
    return {
      page: positiveInt(params.get('page'), DEFAULT_PAGE),
      pageSize: positiveInt(params.get('pageSize'), defaultPageSize, MAX_PAGE_SIZE),
      sortField: sortField || undefined,
      sortAsc: sortAscRaw === null ? defaultSortAsc : sortAscRaw === 'true',
      filters: readFilters(params, filterKeys),
    };
    // `key` and `filterKeysKey` stand for the content of params and filterKeys.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, defaultSortField, defaultSortAsc, defaultPageSize, filterKeysKey]);

  const update = useCallback(
    (change: (next: URLSearchParams) => void) =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        change(next);
        return next;
      }),
    [setParams],
  );

  const setPage = useCallback(
    (page: number) => update((next) => (page > 1 ? next.set('page', String(page)) : next.delete('page'))),
    [update],
  );
  const setPageSize = useCallback(
    (pageSize: number) =>
      update((next) => {
        next.set('pageSize', String(pageSize));
        next.delete('page');
      }),
    [update],
  );
  const setSort = useCallback(
    (field: string, asc: boolean) =>
      update((next) => {
        next.set('sortField', field);
        next.set('sortAsc', String(asc));
      }),
    [update],
  );
  const setFilters = useCallback(
    (filters: Readonly<Record<string, string | null | undefined>>) =>
      update((next) => {
        Object.keys(readFilters(next, filterKeys)).forEach((k) => next.delete(k));
        Object.entries(filters).forEach(([k, v]) => {
          if (v?.trim()) next.set(k, v);
          else next.delete(k);
        });
        next.delete('page');
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [update, filterKeysKey],
  );

  const query = useMemo<TListQuery>(
    () => ({
      page: read.page,
      pageSize: read.pageSize,
      sortField: read.sortField,
      sortAsc: read.sortField ? read.sortAsc : undefined,
      criteria: Object.entries(read.filters).map(([field, value]) => ({
        field,
        value,
        operator: operators?.[field] ?? 'LIKE',
      })),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [read, operatorsKey],
  );

  return { ...read, setPage, setPageSize, setSort, setFilters, query };
}
