// TanStack Query hooks of the session area: brand, captcha, the unapproved and held counts of the menu.
import { REVIEW_POLL_MS, UNAPPROVED_POLL_MS } from '@salesdesk/contract';
import { useQuery } from '@tanstack/react-query';
import { fetchBrand, fetchCaptcha, fetchUnapprovedCount } from './auth-api';
import { apiFetch } from './client';
import { BRAND_KEY, CAPTCHA_KEY } from './query-client';

export { BRAND_KEY, CAPTCHA_KEY };
/** Invalidate this after approving agents so the menu badge updates at once. */
export const UNAPPROVED_COUNT_KEY = ['accounts', 'unapproved', 'count'] as const;

/** Invalidate this after a review decision so the menu badge updates at once. */
export const REVIEW_COUNT_KEY = ['review', 'count'] as const;

/** The active brand; loaded once per page load (public call). */
export function useBrandQuery() {
  return useQuery({ queryKey: BRAND_KEY, queryFn: fetchBrand, staleTime: Infinity, gcTime: Infinity });
}

export function useCaptcha() {
  return useQuery({ queryKey: CAPTCHA_KEY, queryFn: fetchCaptcha, staleTime: 0, gcTime: 0 });
}

/**
 * The unapproved-agents count, polled every 5 s while `enabled` (holders of APPROVE_AGENTS), also while
 * the tab is in the background, so the badge is current when the approver comes back.
 */
export function useUnapprovedCount(enabled: boolean) {
  return useQuery({
    queryKey: UNAPPROVED_COUNT_KEY,
    queryFn: fetchUnapprovedCount,
    enabled,
    refetchInterval: enabled ? UNAPPROVED_POLL_MS : false,
    refetchIntervalInBackground: true,
    select: (data) => data.count,
  });
}

/** The held sales of the review queue, polled while `enabled` (its reviewers). */
export function useReviewCount(enabled: boolean) {
  return useQuery({
    queryKey: REVIEW_COUNT_KEY,
    queryFn: ({ signal }) => apiFetch<{ count: number }>('GET', 'review/count', undefined, { signal }),
    enabled,
    refetchInterval: enabled ? REVIEW_POLL_MS : false,
    select: (data) => data.count,
  });
}
