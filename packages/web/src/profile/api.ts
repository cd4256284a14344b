// Calls and hooks of /app/profile. A save that changed the password answers a token for this session.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAdminProfile, TCompanyProfile, TProfileSaved } from '@salesdesk/contract';
import { apiFetch } from '../api/client';
import { getSession, startSession } from '../api/session-store';

export const PROFILE_KEY = ['profile'] as const;
export type ProfileKind = 'admin' | 'company' | 'agent';

export function useAdminProfile() {
  return useQuery({
    queryKey: [...PROFILE_KEY, 'admin'],
    queryFn: () => apiFetch<TAdminProfile>('GET', 'profile/admin'),
  });
}

export function useOfficeProfile() {
  return useQuery({
    queryKey: [...PROFILE_KEY, 'company'],
    queryFn: () => apiFetch<TCompanyProfile>('GET', 'profile/company'),
  });
}

/**
 * The new password ended every other session and moved this one to a new session version: keep it
 * going with the token the server answered, or the next call would end it too.
 */
export function keepSession(saved: TProfileSaved | undefined): void {
  const { me } = getSession();
  if (saved?.token && me) startSession(saved.token, me);
}

export function useSaveProfile<Body>(kind: ProfileKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) => apiFetch<TProfileSaved>('POST', `profile/${kind}`, body),
    onSuccess: (saved) => {
      keepSession(saved);
      return client.invalidateQueries({ queryKey: PROFILE_KEY });
    },
  });
}
