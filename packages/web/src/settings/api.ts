// Calls and TanStack Query hooks of the settings: the black-list-ip calls and GET/POST options.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TBlackListIp, TIpList, TList, TListQuery, TOption, TOptionsUpdate } from '@salesdesk/contract';
import { BLACK_LIST_TEXTS, formatCounted, type TDatacenterListInfo } from '@salesdesk/contract';
import { apiFetch } from '../api/client';
import { showNote } from '../ui/notes';

export const BLACK_LIST_KEY = ['black-list-ip'] as const;
export const OPTIONS_KEY = ['options'] as const;

/** The list call of /app/settings/black-list-ip (useListPage runs it). */
export const searchBlackList = (query: TListQuery, signal?: AbortSignal) =>
  apiFetch<TList<TBlackListIp>>('POST', 'black-list-ip/search', query, { signal });

export function useAddIps() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TIpList) => apiFetch<{ added: number }>('PUT', 'black-list-ip', body),
    onSuccess: ({ added }) => {
      showNote({ type: 'success', heading: BLACK_LIST_TEXTS.done, body: BLACK_LIST_TEXTS.added(added) });
      return client.invalidateQueries({ queryKey: BLACK_LIST_KEY });
    },
  });
}

/** Removes addresses by value: the Delete Ips form and the bulk Delete of selected rows. */
export function useDeleteIps() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TIpList) =>
      apiFetch<{ deleted: number }>('POST', 'black-list-ip/delete-by-value', body),
    onSuccess: ({ deleted }) =>
      showNote({ type: 'success', heading: BLACK_LIST_TEXTS.done, body: BLACK_LIST_TEXTS.deleted(deleted) }),
    onSettled: () => client.invalidateQueries({ queryKey: BLACK_LIST_KEY }),
  });
}

export function useDeleteIp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch('DELETE', `black-list-ip/${id}`),
    onSuccess: () =>
      showNote({ type: 'success', heading: BLACK_LIST_TEXTS.done, body: BLACK_LIST_TEXTS.deleted(1) }),
    onSettled: () => client.invalidateQueries({ queryKey: BLACK_LIST_KEY }),
  });
}

export function useOptions() {
  return useQuery({
    queryKey: OPTIONS_KEY,
    queryFn: ({ signal }) => apiFetch<TOption[]>('GET', 'options', undefined, { signal }),
  });
}

export function useSaveOptions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TOptionsUpdate) => apiFetch('POST', 'options', body),
    onSuccess: () => client.invalidateQueries({ queryKey: OPTIONS_KEY }),
  });
}

export const DATACENTER_LIST_KEY = ['options', 'datacenter-list'] as const;

/** The data center list in force: the release's copy, or one a superadmin stored. */
export function useDatacenterList() {
  return useQuery({
    queryKey: DATACENTER_LIST_KEY,
    queryFn: ({ signal }) =>
      apiFetch<TDatacenterListInfo>('GET', 'options/datacenter-list', undefined, { signal }),
  });
}

export function useStoreDatacenterList() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      apiFetch<{ entries: number; listDate: string }>('POST', 'options/datacenter-list', { text }),
    onSuccess: ({ entries, listDate }) => {
      showNote({
        type: 'success',
        heading: 'Data center list stored',
        body: `${formatCounted(entries, 'range')}, dated ${listDate}`,
      });
      return client.invalidateQueries({ queryKey: DATACENTER_LIST_KEY });
    },
  });
}
