// Calls and hooks of Offices custom payments: the site's types for the filter, every office's row, one save.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TCompanyFeeRow, TCompanyFeeSaveInput, TList, TListQuery } from '@salesdesk/contract';
import { apiFetch } from '../api/client';

export const FEES_KEY = ['company-fees'] as const;
// Under the link types' key, so a change of a site's types reloads this selector too.
const TYPES_KEY = ['types'] as const;

export interface TypeOption {
  id: number;
  typename: string;
}

/** The site's link types, sorted by typename ascending (spec 2 section 4, dependent filters). */
export function useTypeOptions(siteId: number | undefined) {
  return useQuery({
    queryKey: [...TYPES_KEY, 'site', siteId, 'by-typename'],
    queryFn: ({ signal }) =>
      apiFetch<TypeOption[]>('GET', `types/${siteId}/by-site`, undefined, {
        signal,
        query: { sortField: 'typename', sortAsc: true },
      }),
    enabled: siteId !== undefined,
  });
}

/** The list call: the list state's criteria are the flat siteId and typeId of the query string. */
export function fetchFees(query: TListQuery, signal?: AbortSignal): Promise<TList<TCompanyFeeRow>> {
  const filters = Object.fromEntries(query.criteria.map((c) => [c.field, c.value]));
  return apiFetch('GET', 'companies/fees', undefined, {
    signal,
    query: {
      page: query.page,
      pageSize: query.pageSize,
      sortField: query.sortField,
      sortAsc: query.sortAsc,
      siteId: filters.siteId,
      typeId: filters.typeId,
    },
  });
}

/** Saves one office's row; the answer replaces that row in every cached page. */
export function useSaveFee() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TCompanyFeeSaveInput) => apiFetch<TCompanyFeeRow>('POST', 'companies/fees', body),
    onSuccess: (row) =>
      client.setQueriesData<TList<TCompanyFeeRow>>({ queryKey: FEES_KEY }, (list) =>
        list
          ? {
              ...list,
              items: list.items.map((r) =>
                r.companyId === row.companyId && r.typeId === row.typeId ? row : r,
              ),
            }
          : list,
      ),
  });
}
