// Calls and hooks of the payouts screens: batches (POST payouts/batches, payouts/batches/search, GET
// payouts/batches/{id}), a batch's files and result upload, the lines (POST payouts/lines/search) and a
// line's outcome (paid, failed, retry, confirm). A write refreshes the batches, lines and statements.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TPayoutBatch,
  TPayoutLine,
  TPayoutLineSearch,
  TPayoutMethod,
  TPayoutResultsDone,
  TStatementPeriod,
} from '@salesdesk/contract';
import { apiFetch } from '../api/client';
import { fetchCsv } from '../csv/csv-download';
import { saveFile } from '../ui/save-file';

export const PAYOUTS_KEY = ['payouts'] as const;
const CHANGED_BY_A_PAYOUT = [PAYOUTS_KEY, ['pay-statements'], ['pay-periods']] as const;

export const PAYOUTS_PATH = '/app/stats/payouts';
export const batchLink = (id: number) => `${PAYOUTS_PATH}/${id}`;

type Paging = { page: number; pageSize: number };
type Lines = { items: TPayoutLine[]; total: number };

export const searchBatches = ({ page, pageSize }: Paging, signal?: AbortSignal) =>
  apiFetch<{ items: TPayoutBatch[]; total: number }>(
    'POST',
    'payouts/batches/search',
    { page, pageSize },
    { signal },
  );

export const searchLines = (body: TPayoutLineSearch, signal?: AbortSignal) =>
  apiFetch<Lines>('POST', 'payouts/lines/search', body, { signal });

export function useBatch(id: number | undefined) {
  return useQuery({
    queryKey: [...PAYOUTS_KEY, 'batch', id],
    queryFn: ({ signal }) => apiFetch<TPayoutBatch>('GET', `payouts/batches/${id}`, undefined, { signal }),
    enabled: id !== undefined,
  });
}

/** One page of lines, outside the address's list state (a batch's second table). */
export function useLines(body: TPayoutLineSearch, enabled = true) {
  return useQuery({
    queryKey: [...PAYOUTS_KEY, 'lines', body],
    queryFn: ({ signal }) => searchLines(body, signal),
    enabled,
  });
}

/** The closed and paid periods (newest first): those without a batch are the Make batch choice. */
export function usePeriods() {
  return useQuery({
    queryKey: [...PAYOUTS_KEY, 'periods'],
    queryFn: ({ signal }) =>
      apiFetch<TStatementPeriod[]>('GET', 'pay-statements/periods', undefined, { signal }),
  });
}

function usePayoutWrite<A, R>(call: (arg: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    // Settled, not success: a 409 means the screen was stale (another admin was first).
    onSettled: () =>
      Promise.all(CHANGED_BY_A_PAYOUT.map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}

export const useMakeBatch = () =>
  usePayoutWrite((start: string) => apiFetch<TPayoutBatch>('POST', 'payouts/batches', { start }));

export const useUploadResults = (batchId: number) =>
  usePayoutWrite((csv: string) =>
    apiFetch<TPayoutResultsDone>('POST', `payouts/batches/${batchId}/results`, { csv }),
  );

export const useLinePaid = () =>
  usePayoutWrite(({ id, ...body }: { id: number; paidOn: string; reference: string }) =>
    apiFetch<TPayoutLine>('POST', `payouts/lines/${id}/paid`, body),
  );

export const useLineFailed = () =>
  usePayoutWrite(({ id, reason }: { id: number; reason: string }) =>
    apiFetch<TPayoutLine>('POST', `payouts/lines/${id}/failed`, { reason }),
  );

export const useLineRetry = () =>
  usePayoutWrite((id: number) => apiFetch<TPayoutLine>('POST', `payouts/lines/${id}/retry`));

export const useLineConfirm = () =>
  usePayoutWrite((id: number) => apiFetch<TPayoutLine>('POST', `payouts/lines/${id}/confirm`));

/** Downloads the method's file of the batch under the server's name. */
export async function downloadPayoutFile(batch: TPayoutBatch, method: TPayoutMethod) {
  const file = await fetchCsv(`payouts/batches/${batch.id}/file/${method}`, undefined, {
    fallbackName: `payouts-${batch.start}-${method}.csv`,
  });
  saveFile(file.blob, file.fileName);
}
