// Calls of an agent's payout details on its form (GET/PUT agents/{id}/payout): whole for superadmins and
// admins who see earnings (who may also change them), the method and last 4 for everyone else.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAgentPayoutUpdate, TPayoutDetailsView } from '@salesdesk/contract';
import { apiFetch } from '../api/client';
import { AGENTS_KEY } from './api';

const payoutKey = (id: number) => [...AGENTS_KEY, 'payout', id] as const;

export function useAgentPayout(id: number) {
  return useQuery({
    queryKey: payoutKey(id),
    queryFn: ({ signal }) =>
      apiFetch<TPayoutDetailsView>('GET', `agents/${id}/payout`, undefined, { signal }),
  });
}

export function useSaveAgentPayout(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TAgentPayoutUpdate) =>
      apiFetch<TPayoutDetailsView>('PUT', `agents/${id}/payout`, body),
    onSuccess: (view) => client.setQueryData(payoutKey(id), view),
  });
}
