// Calls of the agent's own payout details (GET/PUT profile/payout): the view is whole for the agent.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TOwnPayoutUpdate, TPayoutDetailsView } from '@salesdesk/contract';
import { apiFetch } from '../api/client';

export const OWN_PAYOUT_KEY = ['profile', 'payout'] as const;

export function useOwnPayout() {
  return useQuery({
    queryKey: OWN_PAYOUT_KEY,
    queryFn: ({ signal }) => apiFetch<TPayoutDetailsView>('GET', 'profile/payout', undefined, { signal }),
  });
}

export function useSaveOwnPayout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TOwnPayoutUpdate) => apiFetch<TPayoutDetailsView>('PUT', 'profile/payout', body),
    onSuccess: (view) => client.setQueryData(OWN_PAYOUT_KEY, view),
  });
}
