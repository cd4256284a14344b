// Calls and hooks of the chat logs: the list (chat-logs/search) and the submit form (PUT chat-logs).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  TChatLogCreate,
  TChatLogRow,
  TChatLogSearchInput,
  TList,
  TListQuery,
} from '@salesdesk/contract';
import { apiFetch } from '../api/client';
import { flatListBody } from '../api/list-body';

export const CHAT_LOGS_KEY = ['chat-logs'] as const;

export const CHAT_LOGS_EXPORT = 'chat-logs/export';

/** The list state's criteria are the flat filters of the request (siteId, companyId, agentId, start, end). */
export const chatLogsBody = (query: TListQuery) => flatListBody<TChatLogSearchInput>(query);

export const searchChatLogs = (query: TListQuery, signal?: AbortSignal) =>
  apiFetch<TList<TChatLogRow>>('POST', 'chat-logs/search', chatLogsBody(query), { signal });

export function useCreateChatLog() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TChatLogCreate) => apiFetch<{ id: number }>('PUT', 'chat-logs', body),
    onSuccess: () => client.invalidateQueries({ queryKey: CHAT_LOGS_KEY }),
  });
}
