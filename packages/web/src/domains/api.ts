// Calls and hooks of the preferred domains (Domains tab of the offices submenu, superadmin).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TList,
  TListQuery,
  TPreferredDomain,
  TPreferredDomainOption,
  TPreferredDomainSave,
  TPreferredDomainsHidden,
} from '@salesdesk/contract';
import { apiFetch } from '../api/client';

/** The office form's domain selector lives under the same key, so it reloads after every change. */
export const DOMAINS_KEY = ['preferredDomains'] as const;
/** The Domains list's pages (['preferredDomains', 'list'] is the office form's selector). */
export const DOMAIN_PAGES_KEY = [...DOMAINS_KEY, 'pages'] as const;

export const fetchDomains = (query: TListQuery, signal?: AbortSignal) =>
  apiFetch<TList<TPreferredDomain>>('GET', 'preferredDomains/listWithCompanies', undefined, {
    signal,
    query: { page: query.page, pageSize: query.pageSize, sortField: query.sortField, sortAsc: query.sortAsc },
  });

/** Every domain with its hidden flag (GET preferredDomains/list), fresh: hiding counts the active ones. */
export const fetchDomainOptions = () => apiFetch<TPreferredDomainOption[]>('GET', 'preferredDomains/list');

export function useDomain(id: number | undefined) {
  return useQuery({
    queryKey: [...DOMAINS_KEY, 'one', id],
    queryFn: () => apiFetch<TPreferredDomain>('GET', `preferredDomains/${id}`),
    enabled: id !== undefined,
  });
}

export function useSaveDomain(id: number | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TPreferredDomainSave) =>
      id === undefined
        ? apiFetch('PUT', 'preferredDomains', body)
        : apiFetch('POST', `preferredDomains/${id}`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: DOMAINS_KEY }),
  });
}

/** Hides or activates; the rows change in place at once, then the list reloads. */
export function useSetDomainsHidden() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TPreferredDomainsHidden) => apiFetch('POST', 'preferredDomains/hidden', body),
    onSuccess: (_answer, body) => {
      client.setQueriesData<TList<TPreferredDomain>>({ queryKey: DOMAIN_PAGES_KEY }, (list) =>
        list
          ? {
              ...list,
              items: list.items.map((d) => (body.ids.includes(d.id) ? { ...d, hidden: body.hidden } : d)),
            }
          : list,
      );
      return client.invalidateQueries({ queryKey: DOMAINS_KEY });
    },
  });
}
