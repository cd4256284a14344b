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

/** The search criteria by search field (only fields with a value). */
export type ListFilters<F extends string = string> = Partial<Record<F, string>>;
type Operator = TCriterion['operator'];

/**
 * `S` is the list's sort field union and `F` its search field union, both taken from the contract's
 * `*_SORT_FIELDS` / `*_SEARCH_FIELDS`, so a misspelt field is a compile error.
 */
export type ListStateOptions<S extends string = string, F extends string = string> = {
  /** The sortable fields; a sortField in the URL outside them is ignored (the server would answer 400). */
  sortFields?: readonly S[];
  defaultSortField?: NoInfer<S>;
  defaultSortAsc?: boolean;
  defaultPageSize?: number;
  /** Query keys that are search criteria; by default every key other than the paging and sort keys. */
  filterKeys?: readonly F[];
  /** Criterion operator per filter key; LIKE (contains) unless given. */
  operators?: Readonly<Partial<Record<NoInfer<F>, Operator>>>;
};

export type ListState<S extends string = string, F extends string = string> = {
  page: number;
  pageSize: number;
  sortField?: S;
  sortAsc: boolean;
  filters: ListFilters<F>;
  setPage: (page: number) => void;
  setPageSize: (pageSize: number) => void;
  setSort: (field: S, asc: boolean) => void;
  /** Replaces the search criteria (blank values are dropped) and goes back to page 1. */
  setFilters: (filters: Readonly<Partial<Record<F, string | null | undefined>>>) => void;
  /** The list request body. */
  query: TListQuery & { sortField?: S };
};

const RESERVED = ['page', 'pageSize', 'sortField', 'sortAsc'];

function positiveInt(raw: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 && n <= max ? n : fallback;
}

function readFilters<F extends string>(params: URLSearchParams, filterKeys?: readonly F[]): ListFilters<F> {
  const filters: Record<string, string> = {};
  params.forEach((value, key) => {
    const isFilter = filterKeys ? (filterKeys as readonly string[]).includes(key) : !RESERVED.includes(key);
    if (isFilter && value.trim()) filters[key] = value;
  });
  return filters as ListFilters<F>;
}

function readSortField<S extends string>(raw: string | null, fields?: readonly S[]): S | undefined {
  if (!raw) return undefined;
  return !fields || (fields as readonly string[]).includes(raw) ? (raw as S) : undefined;
}

export function useListState<S extends string = string, F extends string = string>(
  options: ListStateOptions<S, F> = {},
): ListState<S, F> {
  const {
    sortFields,
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
  const sortFieldsKey = sortFields?.join('\n');
  const operatorsKey = JSON.stringify(operators ?? {});

  const read = useMemo(() => {
    const sortField = readSortField(params.get('sortField'), sortFields) ?? defaultSortField;
    const sortAscRaw = params.get('sortAsc');
    return {
      page: positiveInt(params.get('page'), DEFAULT_PAGE),
      pageSize: positiveInt(params.get('pageSize'), defaultPageSize, MAX_PAGE_SIZE),
      sortField: sortField || undefined,
      sortAsc: sortAscRaw === null ? defaultSortAsc : sortAscRaw === 'true',
      filters: readFilters(params, filterKeys),
    };
    // `key`, `sortFieldsKey` and `filterKeysKey` stand for the content of params, sortFields and filterKeys.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, defaultSortField, defaultSortAsc, defaultPageSize, sortFieldsKey, filterKeysKey]);

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
    (field: S, asc: boolean) =>
      update((next) => {
        next.set('sortField', field);
        next.set('sortAsc', String(asc));
      }),
    [update],
  );
  const setFilters = useCallback(
    (filters: Readonly<Partial<Record<F, string | null | undefined>>>) =>
      update((next) => {
        Object.keys(readFilters(next, filterKeys)).forEach((k) => next.delete(k));
        Object.entries<string | null | undefined>(filters).forEach(([k, v]) => {
          if (v?.trim()) next.set(k, v.trim());
          else next.delete(k);
        });
        next.delete('page');
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [update, filterKeysKey],
  );

  const query = useMemo(
    () => ({
      page: read.page,
      pageSize: read.pageSize,
      sortField: read.sortField,
      sortAsc: read.sortField ? read.sortAsc : undefined,
      criteria: Object.entries<string | undefined>(read.filters).map(([field, value]) => ({
        field,
        value: value ?? '',
        operator: (operators as Record<string, Operator> | undefined)?.[field] ?? 'LIKE',
      })),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [read, operatorsKey],
  );

  return { ...read, setPage, setPageSize, setSort, setFilters, query };
}
