// One TanStack Query client for the app; the session drops its private data on logout.
import { QueryClient } from '@tanstack/react-query';

export const queryClient = new QueryClient({
  defaultOptions: {
    // apiFetch already reports failures; a retry would report them twice.
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

/** The public brand survives a logout; every other query belongs to the session. */
export const BRAND_KEY = ['brand'] as const;

export function clearSessionQueries(): void {
  queryClient.cancelQueries({ predicate: (q) => q.queryKey[0] !== BRAND_KEY[0] }).catch(() => undefined);
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== BRAND_KEY[0] });
  queryClient.getMutationCache().clear();
}
