// One list screen's wiring: URL state, the list call, row selection, and props for the table, pager and search.
import { useCallback, useMemo, useState } from 'react';
import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { TList } from '@salesdesk/contract';
import type { ListSearchProps } from './list-search';
import type { PaginationProps } from './pagination';
import type { TSort } from './sort';
import { useListState, type ListState, type ListStateOptions } from './use-list-state';

export type ListPageOptions<
  Row,
  Id extends string | number,
  S extends string,
  F extends string,
  More extends object = object,
> = ListStateOptions<S, F> & {
  /** The area's key: the list is cached under [...queryKey, 'list', query], so invalidating it refreshes. */
  queryKey: readonly unknown[];
  /** The list call, e.g. `(query, signal) => apiFetch('POST', 'offices/search', query, { signal })`. */
  queryFn: (query: ListState<S, F>['query'], signal: AbortSignal) => Promise<TList<Row> & More>;
  getRowId: (row: Row) => Id;
  /** The spec's empty text ('No data', ...), shown once the list answered with no rows. */
  emptyText: string;
  /** Adds the checkbox column; the selection is cleared whenever the page, sort or search changes. */
  selectable?: boolean;
};

/** Spread into <DataTable columns={...} {...table} />. */
export type ListTableProps<Row, Id extends string | number, S extends string> = {
  data: Row[];
  getRowId: (row: Row) => Id;
  loading: boolean;
  emptyText: string;
  sort: TSort;
  onSortChange: (field: S, asc: boolean) => void;
  selectable: boolean;
  selection: ReadonlySet<Id>;
  onSelectionChange: (next: Set<Id>) => void;
};

export type ListPage<
  Row,
  Id extends string | number,
  S extends string,
  F extends string,
  More extends object = object,
> = {
  list: ListState<S, F>;
  /** The list's answer, with whatever the list says besides its page (More). */
  result: UseQueryResult<TList<Row> & More>;
  /** The selected row ids, in selection order. */
  selected: Id[];
  /** The selected rows of the shown page, in selection order (to name them in a confirmation). */
  selectedRows: Row[];
  clearSelection: () => void;
  table: ListTableProps<Row, Id, S>;
  pagination: PaginationProps;
  search: Pick<ListSearchProps<F>, 'values' | 'onSearch'>;
};

const NONE: ReadonlySet<never> = new Set();

export function useListPage<
  Row,
  Id extends string | number,
  S extends string,
  F extends string = never,
  More extends object = object,
>(options: ListPageOptions<Row, Id, S, F, More>): ListPage<Row, Id, S, F, More> {
  const { queryKey, queryFn, getRowId, emptyText, selectable = false, ...stateOptions } = options;
  // No filterKeys means no search: stray query keys (dateRange, ...) must not become criteria the server refuses.
  const list = useListState<S, F>({ ...stateOptions, filterKeys: stateOptions.filterKeys ?? [] });
  const result = useQuery({
    queryKey: [...queryKey, 'list', list.query],
    queryFn: ({ signal }) => queryFn(list.query, signal),
    placeholderData: keepPreviousData,
  });

  // A selection belongs to the query it was made on: a new page, sort or search starts empty.
  const queryId = JSON.stringify(list.query);
  const [picked, setPicked] = useState<{ queryId: string; ids: ReadonlySet<Id> }>({ queryId, ids: NONE });
  const selection = picked.queryId === queryId ? picked.ids : NONE;
  const onSelectionChange = useCallback((ids: Set<Id>) => setPicked({ queryId, ids }), [queryId]);
  const clearSelection = useCallback(() => setPicked({ queryId, ids: NONE }), [queryId]);
  const selected = useMemo(() => [...selection], [selection]);
  const items = result.data?.items;
  const selectedRows = useMemo(() => {
    const byId = new Map((items ?? []).map((row) => [getRowId(row), row]));
    return selected.flatMap((id) => byId.get(id) ?? []);
  }, [items, selected, getRowId]);

  return {
    list,
    result,
    selected,
    selectedRows,
    clearSelection,
    table: {
      data: result.data?.items ?? [],
      getRowId,
      loading: result.isFetching,
      emptyText: result.isPending ? '' : emptyText,
      sort: { field: list.sortField, asc: list.sortAsc },
      onSortChange: list.setSort,
      selectable,
      selection,
      onSelectionChange,
    },
    pagination: {
      page: list.page,
      pageSize: list.pageSize,
      total: result.data?.total ?? 0,
      onPageChange: list.setPage,
    },
    search: { values: list.filters, onSearch: list.setFilters },
  };
}
