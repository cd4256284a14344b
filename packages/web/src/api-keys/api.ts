// Calls and hooks of one's own API keys: the list (POST api-keys/search), a new key (PUT api-keys, the
// key answered this once) and a revocation (DELETE api-keys/{id}).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TApiKeyCreated, TApiKeyList, TListQuery, ZApiKeyCreate } from '@salesdesk/contract';
import { apiFetch } from '../api/client';

export const API_KEYS_KEY = ['api-keys'] as const;

/** Where each role's screens are: admins under Settings, offices under their Profile. */
export const API_KEYS_PATHS = {
  settings: '/app/settings/api-keys',
  profile: '/app/profile/api-keys',
} as const;
export type ApiKeysPlace = keyof typeof API_KEYS_PATHS;

export const searchApiKeys = (query: TListQuery, signal?: AbortSignal) =>
  apiFetch<TApiKeyList>('POST', 'api-keys/search', query, { signal });

export function useCreateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: z.output<typeof ZApiKeyCreate>) => apiFetch<TApiKeyCreated>('PUT', 'api-keys', body),
    onSuccess: () => client.invalidateQueries({ queryKey: API_KEYS_KEY }),
  });
}

export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<unknown>('DELETE', `api-keys/${id}`),
    onSettled: () => client.invalidateQueries({ queryKey: API_KEYS_KEY }),
  });
}
