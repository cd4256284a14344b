// Calls and hooks of the migration page: the count waiting and the migration itself.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TMigrationCount, TMigrationResult } from '@salesdesk/contract';
import { apiFetch } from '../api/client';

export const MIGRATION_KEY = ['migration', 'count'] as const;

export function useCountToMigrate() {
  return useQuery({
    queryKey: MIGRATION_KEY,
    queryFn: () => apiFetch<TMigrationCount>('GET', 'admins/countToMigrate'),
    select: (data) => data.count,
  });
}

/** A GET that writes (the spec's call): a mutation, never cached or retried. */
export function useMigrateAgents() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<TMigrationResult>('GET', 'accounts/migrate'),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: MIGRATION_KEY }),
        client.invalidateQueries({ queryKey: ['agents'] }),
        client.invalidateQueries({ queryKey: ['offices'] }),
      ]),
  });
}
