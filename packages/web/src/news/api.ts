// Calls and hooks of the news section: the latest news and the common login alert.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAlert, TAlertUpdate, TNews, TNewsUpdate } from '@salesdesk/contract';
import { apiFetch } from '../api/client';

export const NEWS_KEY = ['news'] as const;
export const ALERTS_KEY = ['alerts'] as const;

export function useLastNews() {
  return useQuery({ queryKey: [...NEWS_KEY, 'last'], queryFn: () => apiFetch<TNews>('GET', 'news/last') });
}

export function useSaveNews() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TNewsUpdate) => apiFetch<TNews>('POST', 'news', body),
    // The dashboard shows the news too: drop every cached copy.
    onSuccess: () => client.invalidateQueries({ queryKey: NEWS_KEY }),
  });
}

export function useLastAlert() {
  return useQuery({
    queryKey: [...ALERTS_KEY, 'last'],
    queryFn: () => apiFetch<TAlert>('GET', 'alerts/last'),
  });
}

export function useSaveAlert() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TAlertUpdate) => apiFetch<TAlert>('POST', 'alerts', body),
    onSuccess: () => client.invalidateQueries({ queryKey: ALERTS_KEY }),
  });
}
