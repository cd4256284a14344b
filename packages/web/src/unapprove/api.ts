// Calls and hooks of New Agents: the unapproved list and batch approval.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TIds, TList, TListQuery, TUnapprovedRow } from '@salesdesk/contract';
import { apiFetch } from '../api/client';
import { UNAPPROVED_COUNT_KEY } from '../api/session-queries';

export const UNAPPROVED_KEY = ['accounts', 'unapproved', 'agents'] as const;

export const fetchUnapproved = (query: TListQuery, signal?: AbortSignal) =>
  apiFetch<TList<TUnapprovedRow>>('GET', 'accounts/unapproved', undefined, {
    signal,
    query: { page: query.page, pageSize: query.pageSize, sortField: query.sortField, sortAsc: query.sortAsc },
  });

export function useApproveAgents() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TIds) => apiFetch<{ approved: number }>('PUT', 'accounts/approve', body),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: UNAPPROVED_KEY }),
        // The menu badge.
        client.invalidateQueries({ queryKey: UNAPPROVED_COUNT_KEY }),
        // Agents lists show the approved agents too.
        client.invalidateQueries({ queryKey: ['agents'] }),
      ]),
  });
}
