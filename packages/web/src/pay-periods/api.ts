// The pay periods calls: the list (a page of 12, newest first), close, mark paid and reopen. A write
// reloads the list and the reports (Payroll reads a closed period's snapshot).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TPayPeriods, TReopenPayPeriod } from '@salesdesk/contract';
import { apiFetch } from '../api/client';

export const PAY_PERIODS_KEY = ['pay-periods'] as const;
const CHANGED_BY_A_PERIOD = [PAY_PERIODS_KEY, ['stats'], ['pay-statements']] as const;

export const usePayPeriods = (page: number) =>
  useQuery({
    queryKey: [...PAY_PERIODS_KEY, page],
    queryFn: ({ signal }) =>
      apiFetch<TPayPeriods>('GET', 'pay-periods', undefined, { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });

function usePeriodWrite<A>(call: (arg: A) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: async () => {
      // Settled, not success: a 409 means the list was stale (another admin was first).
      await Promise.all(CHANGED_BY_A_PERIOD.map((queryKey) => client.invalidateQueries({ queryKey })));
    },
  });
}

export const useClosePayPeriod = () =>
  usePeriodWrite((start: string) => apiFetch('POST', `pay-periods/${start}/close`));
export const useMarkPayPeriodPaid = () =>
  usePeriodWrite((start: string) => apiFetch('POST', `pay-periods/${start}/paid`));
export const useReopenPayPeriod = () =>
  usePeriodWrite(({ start, ...body }: TReopenPayPeriod & { start: string }) =>
    apiFetch('POST', `pay-periods/${start}/reopen`, body),
  );
