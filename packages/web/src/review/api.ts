// Calls and hooks of the review queue: the list, approve / reject, and Suspend for fraud. Every write
// refreshes the queue, the menu badge and the lists that show sales or agents.
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  TFraudSuspendAnswer,
  TFraudSuspendInput,
  TList,
  TListQuery,
  TReviewRow,
  TReviewSearchInput,
  TSaleStatusAnswer,
  TSaleStatusChange,
} from '@salesdesk/contract';
import { apiFetch } from '../api/client';
import { flatListBody } from '../api/list-body';
import { REVIEW_COUNT_KEY } from '../api/session-queries';

export const REVIEW_KEY = ['review'] as const;

export const searchReview = (query: TListQuery, signal?: AbortSignal) =>
  apiFetch<TList<TReviewRow>>('POST', 'review/search', flatListBody<TReviewSearchInput>(query), { signal });

const refresh = (client: QueryClient) =>
  Promise.all([
    client.invalidateQueries({ queryKey: REVIEW_KEY }),
    client.invalidateQueries({ queryKey: REVIEW_COUNT_KEY }),
    client.invalidateQueries({ queryKey: ['sale-logs'] }),
    client.invalidateQueries({ queryKey: ['agents'] }),
  ]);

export function useDecideSales() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TSaleStatusChange) => apiFetch<TSaleStatusAnswer>('POST', 'review/status', body),
    onSettled: () => refresh(client),
  });
}

export function useSuspendForFraud() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ agentId, ...body }: TFraudSuspendInput & { agentId: number }) =>
      apiFetch<TFraudSuspendAnswer>('POST', `review/agents/${agentId}/suspend`, body),
    onSettled: () => refresh(client),
  });
}
