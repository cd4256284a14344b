// /app/stats/payouts (superadmins and admins who see earnings): Make batch from a closed period that has
// none, and the batches, newest first, each with its lines' pesos per status; View opens one.
import { useMemo, useState } from 'react';
import { Button, Group, Select } from '@mantine/core';
import { useNavigate } from 'react-router';
import { MAX_PAGE_SIZE, PAYOUT_TEXTS, type TPayoutBatch } from '@salesdesk/contract';
import { useQuery } from '@tanstack/react-query';
import { Page } from '../shell/page';
import { DataTable } from '../ui/data-table';
import { showNote } from '../ui/notes';
import { Pagination } from '../ui/pagination';
import { useListPage } from '../ui/use-list-page';
import { batchLink, PAYOUTS_KEY, searchBatches, useMakeBatch, usePeriods } from './api';
import { BATCH_COLUMNS, batchPeriod } from './batch-columns';

export const BATCH_MADE = 'Payout batch made';

/** The closed periods (not paid) that have no batch yet, newest first. */
function useBatchChoices() {
  const periods = usePeriods();
  const batches = useQuery({
    queryKey: [...PAYOUTS_KEY, 'batch-starts'],
    queryFn: ({ signal }) => searchBatches({ page: 1, pageSize: MAX_PAGE_SIZE }, signal),
  });
  return useMemo(() => {
    const made = new Set((batches.data?.items ?? []).map((b) => b.start));
    return (periods.data ?? [])
      .filter((p) => p.status === 'closed' && !made.has(p.start))
      .map((p) => ({ value: p.start, label: batchPeriod(p) }));
  }, [periods.data, batches.data]);
}

function MakeBatch() {
  const choices = useBatchChoices();
  const [start, setStart] = useState<string | null>(null);
  const make = useMakeBatch();
  const navigate = useNavigate();
  const chosen = choices.some((c) => c.value === start) ? start : null;
  const submit = async () => {
    if (!chosen) return;
    let batch: TPayoutBatch;
    try {
      batch = await make.mutateAsync(chosen);
    } catch {
      return; // apiFetch has shown the refusal (a batch made meanwhile, a reopened period)
    }
    showNote({ type: 'success', heading: BATCH_MADE, body: batchPeriod(batch) });
    void navigate(batchLink(batch.id));
  };
  return (
    <Group align="flex-end" gap="sm">
      <Select
        label={PAYOUT_TEXTS.period}
        placeholder={choices.length ? 'Choose a period' : 'No closed period without a batch'}
        data={choices}
        value={chosen}
        onChange={setStart}
        w={260}
      />
      <Button onClick={() => void submit()} disabled={!chosen} loading={make.isPending}>
        {PAYOUT_TEXTS.makeBatch}
      </Button>
    </Group>
  );
}

export function PayoutsPage() {
  const page = useListPage({
    queryKey: PAYOUTS_KEY,
    queryFn: searchBatches,
    getRowId: (b) => b.id,
    emptyText: PAYOUT_TEXTS.noBatches,
  });
  return (
    <Page title={PAYOUT_TEXTS.title}>
      <MakeBatch />
      <DataTable columns={BATCH_COLUMNS} caption={PAYOUT_TEXTS.title} {...page.table} />
      <Pagination {...page.pagination} />
    </Page>
  );
}
