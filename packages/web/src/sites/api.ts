// Calls and TanStack Query hooks of sites and their link types (spec 2 section 7).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TLinkType,
  TLinkTypeCreate,
  TLinkTypeUpdate,
  TList,
  TListQuery,
  TSiteDetail,
  TSiteForm,
  TSiteRow,
  TSiteStatus,
} from '@salesdesk/contract';
import { apiFetch } from '../api/client';
import type { TSort } from '../ui/sort';

/** Every sites query (the list, one site, the selectors' options) lives under this key. */
export const SITES_KEY = ['sites'] as const;
export const TYPES_KEY = ['types'] as const;

export type { TSiteSortField as SiteSortField } from '@salesdesk/contract';

/** The list call of /app/sites/sites (useListPage runs it). */
export const searchSites = (query: TListQuery, signal?: AbortSignal) =>
  apiFetch<TList<TSiteRow>>('POST', 'sites/search', query, { signal });

export function useSite(id: number | undefined) {
  return useQuery({
    queryKey: [...SITES_KEY, 'one', id],
    queryFn: () => apiFetch<TSiteDetail>('GET', `sites/${id}`),
    enabled: id !== undefined,
  });
}

/** A write of the sites area: on success every sites and types query reloads. */
function useSitesWrite<A, R = unknown>(call: (arg: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: SITES_KEY }),
        client.invalidateQueries({ queryKey: TYPES_KEY }),
      ]);
    },
  });
}

export const useSetSitesStatus = () =>
  useSitesWrite((body: TSiteStatus) => apiFetch('POST', 'sites/status', body));

export const useSaveSite = (id: number | undefined) =>
  useSitesWrite((body: TSiteForm) =>
    id === undefined
      ? apiFetch<{ id: number }>('PUT', 'sites', body)
      : apiFetch<{ id: number }>('POST', `sites/${id}`, body),
  );

export const useDeleteSite = () => useSitesWrite((id: number) => apiFetch('DELETE', `sites/${id}`));

export const useEnableForAllOffices = () =>
  useSitesWrite((id: number) => apiFetch('POST', `sites/${id}/enableForAllOffices`));

export const useRegeneratePostbackToken = () =>
  useSitesWrite((id: number) => apiFetch<{ postbackToken: string }>('POST', `sites/${id}/postbackToken`));

export function useLinkTypes(siteId: number, sort: TSort) {
  return useQuery({
    queryKey: [...TYPES_KEY, 'site', siteId, sort],
    queryFn: ({ signal }) =>
      apiFetch<TLinkType[]>('GET', `types/${siteId}/by-site`, undefined, {
        signal,
        query: { sortField: sort.field, sortAsc: sort.asc },
      }),
  });
}

export function useLinkType(id: number | undefined) {
  return useQuery({
    queryKey: [...TYPES_KEY, 'one', id],
    queryFn: () => apiFetch<TLinkType>('GET', `types/${id}`),
    enabled: id !== undefined,
  });
}

export const useSaveLinkType = (id: number | undefined) =>
  useSitesWrite((body: TLinkTypeCreate | TLinkTypeUpdate) =>
    id === undefined ? apiFetch('PUT', 'types', body) : apiFetch('POST', `types/${id}`, body),
  );

export const useDeleteLinkType = () => useSitesWrite((id: number) => apiFetch('DELETE', `types/${id}`));
