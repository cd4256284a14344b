// Calls and hooks of one's own webhook endpoints (POST webhooks/search, PUT webhooks with the secret
// answered this once, GET/POST/DELETE webhooks/{id}, its disable, enable, rotate-secret and test) and of an
// endpoint's Delivery Log (POST webhooks/{id}/attempts, webhooks/{id}/resend).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  type TAttemptList,
  type TAttemptSearch,
  type TListQuery,
  type TWebhookCreated,
  type TWebhookList,
  type TWebhookRow,
  type TWebhookSecret,
  type ZWebhookCreate,
  type ZWebhookUpdate,
} from '@salesdesk/contract';
import { apiFetch } from '../api/client';
import { flatListBody } from '../api/list-body';

export const WEBHOOKS_KEY = ['webhooks'] as const;

/** Where each role's screens are: superadmins and earning admins under Settings, offices under their Profile. */
export const WEBHOOKS_PATHS = {
  settings: '/app/settings/webhooks',
  profile: '/app/profile/webhooks',
} as const;
export type WebhooksPlace = keyof typeof WEBHOOKS_PATHS;

export const searchWebhooks = (query: TListQuery, signal?: AbortSignal) =>
  apiFetch<TWebhookList>('POST', 'webhooks/search', query, { signal });

/** One of the caller's endpoints, for its edit form and Delivery Log; another's id is 404. */
export function useWebhook(id: number | undefined) {
  return useQuery({
    queryKey: [...WEBHOOKS_KEY, 'one', id],
    queryFn: ({ signal }) => apiFetch<TWebhookRow>('GET', `webhooks/${id}`, undefined, { signal }),
    enabled: id !== undefined,
  });
}

/** Every write refreshes the lists, the one-endpoint reads and the Delivery Logs. */
function useWebhookWrite<A, R>(call: (arg: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => client.invalidateQueries({ queryKey: WEBHOOKS_KEY }),
  });
}

export const useCreateWebhook = () =>
  useWebhookWrite((body: z.output<typeof ZWebhookCreate>) =>
    apiFetch<TWebhookCreated>('PUT', 'webhooks', body),
  );

export const useUpdateWebhook = (id: number) =>
  useWebhookWrite((body: z.output<typeof ZWebhookUpdate>) =>
    apiFetch<TWebhookRow>('POST', `webhooks/${id}`, body),
  );

export const useDeleteWebhook = () =>
  useWebhookWrite((id: number) => apiFetch<unknown>('DELETE', `webhooks/${id}`));

export const useDisableWebhook = () =>
  useWebhookWrite((id: number) => apiFetch<TWebhookRow>('POST', `webhooks/${id}/disable`));

export const useEnableWebhook = () =>
  useWebhookWrite(({ id, resendHeld }: { id: number; resendHeld: boolean }) =>
    apiFetch<TWebhookRow>('POST', `webhooks/${id}/enable`, { resendHeld }),
  );

export const useRotateSecret = () =>
  useWebhookWrite((id: number) => apiFetch<TWebhookSecret>('POST', `webhooks/${id}/rotate-secret`));

export const useSendTest = () =>
  useWebhookWrite((id: number) => apiFetch<unknown>('POST', `webhooks/${id}/test`));

export const useResend = (id: number) =>
  useWebhookWrite((deliveryId: number) => apiFetch<unknown>('POST', `webhooks/${id}/resend`, { deliveryId }));

/** The Delivery Log's list state: its criteria are the flat `outcome` and `eventType` filters. */
export const searchAttempts = (id: number, query: TListQuery, signal?: AbortSignal) =>
  apiFetch<TAttemptList>('POST', `webhooks/${id}/attempts`, flatListBody<TAttemptSearch>(query), { signal });
