// Calls and hooks of two-factor sign-in and sessions on /app/profile (and the enrolment the login page
// shows a session its role sends to enrol: those calls pass that session's token).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TEnded,
  TRecoveryCodes,
  TRegenerateRecoveryCodes,
  TSessionList,
  TTwoFactorSetup,
  TTwoFactorStatus,
} from '@salesdesk/contract';
import { apiFetch } from '../api/client';

export const TWO_FACTOR_KEY = ['two-factor'] as const;
export const SESSIONS_KEY = ['sessions'] as const;

export const startTwoFactor = (token?: string) =>
  apiFetch<TTwoFactorSetup>('POST', 'auth/two-factor/start', undefined, { token });

export const enableTwoFactor = (code: string, token?: string) =>
  apiFetch<TRecoveryCodes>('POST', 'auth/two-factor/enable', { code }, { token });

export function useTwoFactorStatus() {
  return useQuery({
    queryKey: TWO_FACTOR_KEY,
    queryFn: () => apiFetch<TTwoFactorStatus>('GET', 'auth/two-factor'),
  });
}

export function useDisableTwoFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => apiFetch<unknown>('POST', 'auth/two-factor/disable', { code }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['two-factor'] }),
  });
}

/** New recovery codes; the old ones end. */
export function useRegenerateRecoveryCodes() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TRegenerateRecoveryCodes) =>
      apiFetch<TRecoveryCodes>('POST', 'auth/two-factor/recovery-codes', body),
    onSuccess: () => client.invalidateQueries({ queryKey: TWO_FACTOR_KEY }),
  });
}

export function useSessions() {
  return useQuery({
    queryKey: SESSIONS_KEY,
    queryFn: () => apiFetch<TSessionList>('GET', 'auth/sessions'),
  });
}

export function useEndSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<unknown>('POST', 'auth/sessions/end', { id }),
    onSettled: () => client.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}

export function useEndOtherSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<TEnded>('POST', 'auth/sessions/end-others'),
    onSettled: () => client.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}
