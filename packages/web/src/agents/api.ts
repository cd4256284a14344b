// Calls and TanStack Query hooks of the agents area; status changes show in the list before the server answers.
import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type {
  AGENT_SORT_FIELDS,
  TAgentCreate,
  TAgentDetail,
  TAgentRow,
  TAgentStatus,
  TAgentUpdate,
  TList,
  TListQuery,
} from '@salesdesk/contract';
import { apiFetch } from '../api/client';

export const AGENTS_KEY = ['agents'] as const;
const LISTS_KEY = [...AGENTS_KEY, 'list'] as const;

export type AgentSortField = (typeof AGENT_SORT_FIELDS)[number];

/** The list call of /app/agents (useListPage runs it). */
export const searchAgents = (query: TListQuery, signal?: AbortSignal) =>
  apiFetch<TList<TAgentRow>>('POST', 'agents/search', query, { signal });

export function useAgent(id: number | undefined) {
  return useQuery({
    queryKey: [...AGENTS_KEY, 'one', id],
    queryFn: () => apiFetch<TAgentDetail>('GET', `agents/${id}`),
    enabled: id !== undefined,
  });
}

/** The rows as they will be once the server applies `change`. */
export function applyStatus(list: TList<TAgentRow>, change: TAgentStatus): TList<TAgentRow> {
  const ids = new Set(change.ids);
  const { ids: _ids, ...fields } = change;
  const defined = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  return { ...list, items: list.items.map((r) => (ids.has(r.id) ? { ...r, ...defined } : r)) };
}

/** Optimistic: every cached agents list shows the change at once and gets its old rows back if refused. */
export function useSetAgentsStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TAgentStatus) => apiFetch('POST', 'agents/status', body),
    onMutate: async (change) => {
      await client.cancelQueries({ queryKey: LISTS_KEY });
      const before = client.getQueriesData<TList<TAgentRow>>({ queryKey: LISTS_KEY });
      client.setQueriesData<TList<TAgentRow>>({ queryKey: LISTS_KEY }, (old) =>
        old ? applyStatus(old, change) : old,
      );
      return { before };
    },
    // apiFetch has shown the error note; the rows go back to what the server still holds.
    onError: (_err, _change, context?: { before: [QueryKey, TList<TAgentRow> | undefined][] }) => {
      context?.before.forEach(([key, data]) => client.setQueryData(key, data));
    },
    onSettled: () => client.invalidateQueries({ queryKey: AGENTS_KEY }),
  });
}

export function useSaveAgent(id: number | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TAgentCreate | TAgentUpdate) =>
      id === undefined ? apiFetch('PUT', 'agents', body) : apiFetch('POST', `agents/${id}`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: AGENTS_KEY }),
  });
}

export function useDeleteAgent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch('DELETE', `agents/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: AGENTS_KEY }),
  });
}
