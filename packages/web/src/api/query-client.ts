// One TanStack Query client for the app; the session drops its private data on logout.
import { QueryClient } from '@tanstack/react-query';

export const queryClient = new QueryClient({
  defaultOptions: {
    // apiFetch already reports failures; a retry would report them twice.
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

export const BRAND_KEY = ['brand'] as const;
export const CAPTCHA_KEY = ['captcha'] as const;

/** Public data (brand, the login captcha) survives the end of a session; every other query belongs to it. */
const isSessionQuery = (q: { queryKey: readonly unknown[] }) =>
  q.queryKey[0] !== BRAND_KEY[0] && q.queryKey[0] !== CAPTCHA_KEY[0];

export function clearSessionQueries(): void {
  queryClient.cancelQueries({ predicate: isSessionQuery }).catch(() => undefined);
  queryClient.removeQueries({ predicate: isSessionQuery });
  queryClient.getMutationCache().clear();
}
