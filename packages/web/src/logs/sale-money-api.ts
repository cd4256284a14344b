// The money calls of the sale logs (admins with the earnings permission and superadmins): reverse a
// sale, approve or reject held ones, add an adjustment. Each reloads the lists and reports they change.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  TAdjustment,
  TAdjustmentAnswer,
  TReverseAnswer,
  TReverseSale,
  TSaleStatusAnswer,
  TSaleStatusChange,
} from '@salesdesk/contract';
import { apiFetch } from '../api/client';
import { SALE_LOGS_KEY } from './sale-logs-api';

/** Every query whose figures a money write changes: the logs, the reports and the dashboard. */
const CHANGED_BY_MONEY = [SALE_LOGS_KEY, ['stats'], ['dashboard']] as const;

function useMoneyWrite<A, R>(call: (arg: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async () => {
      await Promise.all(CHANGED_BY_MONEY.map((queryKey) => client.invalidateQueries({ queryKey })));
    },
  });
}

export const useReverseSale = () =>
  useMoneyWrite(({ id, ...body }: TReverseSale & { id: number }) =>
    apiFetch<TReverseAnswer>('POST', `sales/${id}/reverse`, body),
  );

export const useChangeSaleStatus = () =>
  useMoneyWrite((body: TSaleStatusChange) => apiFetch<TSaleStatusAnswer>('POST', 'sales/status', body));

export const useAddAdjustment = () =>
  useMoneyWrite((body: TAdjustment) => apiFetch<TAdjustmentAnswer>('PUT', 'adjustments', body));
