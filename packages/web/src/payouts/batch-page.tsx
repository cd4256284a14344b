// /app/stats/payouts/{id}: one payout batch: its figures, a download per method with pending lines, the
// result file upload, its lines (Paid, Failed, Retry, Confirm) and apart the agents without payout details.
import { useMemo, useState } from 'react';
import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import {
  DEFAULT_PAGE_SIZE,
  formatCount,
  formatPeso,
  PAYOUT_METHOD_LABELS,
  PAYOUT_TEXTS,
  type TPayoutBatch,
  type TPayoutMethod,
} from '@salesdesk/contract';
import { useMe } from '../session/use-session';
import { Page } from '../shell/page';
import { RecordGate } from '../shell/record-gate';
import { DataTable } from '../ui/data-table';
import { Pagination } from '../ui/pagination';
import { idToLoad, useIdParam } from '../ui/use-id-param';
import { useListPage } from '../ui/use-list-page';
import { downloadPayoutFile, PAYOUTS_KEY, PAYOUTS_PATH, searchLines, useBatch, useLines } from './api';
import { batchPeriod } from './batch-columns';
import { useLineActions } from './line-actions';
import { lineColumns } from './line-columns';
import { ResultUpload } from './result-upload';

export const BATCH_TITLE = 'Payout batch';
const BACK = { to: PAYOUTS_PATH, label: 'Back to payouts' };

/** `₱1,200 in 3 lines: paid ₱800, pending ₱400, failed ₱0, held ₱0`. */
export const batchSummary = (b: TPayoutBatch) =>
  `${formatPeso(b.amount)} in ${formatCount(b.lines)} lines: paid ${formatPeso(b.paid)}, pending ${formatPeso(
    b.pending,
  )}, failed ${formatPeso(b.failed)}, held ${formatPeso(b.held)}`;

function Downloads({ batch }: { batch: TPayoutBatch }) {
  const [busy, setBusy] = useState<TPayoutMethod | null>(null);
  const get = async (method: TPayoutMethod) => {
    setBusy(method);
    try {
      await downloadPayoutFile(batch, method);
    } catch {
      // fetchCsv has shown the error.
    } finally {
      setBusy(null);
    }
  };
  if (!batch.files.length) return null;
  return (
    <Group gap="xs">
      {batch.files.map((m) => (
        <Button key={m} variant="default" loading={busy === m} onClick={() => void get(m)}>
          {PAYOUT_TEXTS.download(PAYOUT_METHOD_LABELS[m])}
        </Button>
      ))}
    </Group>
  );
}

function BatchLines({ batch }: { batch: TPayoutBatch }) {
  const me = useMe();
  const actions = useLineActions();
  const page = useListPage({
    queryKey: PAYOUTS_KEY,
    queryFn: ({ page, pageSize }, signal) =>
      searchLines({ batchId: batch.id, withoutDetails: false, page, pageSize }, signal),
    getRowId: (l) => l.id,
    emptyText: PAYOUT_TEXTS.noLines,
  });
  const columns = useMemo(
    () => lineColumns({ role: me.role, onAction: actions.run }),
    [me.role, actions.run],
  );
  return (
    <>
      <DataTable columns={columns} caption={`${BATCH_TITLE} lines`} {...page.table} />
      <Pagination {...page.pagination} />
      {actions.dialog}
    </>
  );
}

/** Lines of agents without details: in no file, so a business that pays them outside records them here. */
function WithoutDetails({ batch }: { batch: TPayoutBatch }) {
  const me = useMe();
  const actions = useLineActions();
  const [page, setPage] = useState(1);
  const lines = useLines(
    { batchId: batch.id, withoutDetails: true, page, pageSize: DEFAULT_PAGE_SIZE },
    batch.withoutDetails > 0,
  );
  const columns = useMemo(
    () => lineColumns({ role: me.role, onAction: actions.run }).filter((c) => c.id !== 'method'),
    [me.role, actions.run],
  );
  if (!batch.withoutDetails) return null;
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {PAYOUT_TEXTS.withoutDetails}
      </Title>
      <DataTable
        columns={columns}
        caption={PAYOUT_TEXTS.withoutDetails}
        data={lines.data?.items ?? []}
        getRowId={(l) => l.id}
        loading={lines.isFetching}
        emptyText={lines.isPending ? '' : PAYOUT_TEXTS.noLines}
      />
      <Pagination
        page={page}
        pageSize={DEFAULT_PAGE_SIZE}
        total={lines.data?.total ?? 0}
        onPageChange={setPage}
      />
      {actions.dialog}
    </Stack>
  );
}

function Batch({ batch }: { batch: TPayoutBatch }) {
  return (
    <Stack gap="md">
      <Text fw={600}>{batchPeriod(batch)}</Text>
      <Text size="sm">{batchSummary(batch)}</Text>
      <Text size="sm" c="dimmed">
        Made by {batch.createdBy}
      </Text>
      <Downloads batch={batch} />
      <ResultUpload batchId={batch.id} />
      <BatchLines batch={batch} />
      <WithoutDetails batch={batch} />
      <Anchor component={Link} to={BACK.to} size="sm">
        {BACK.label}
      </Anchor>
    </Stack>
  );
}

export function BatchPage() {
  const id = useIdParam();
  const batch = useBatch(idToLoad(id));
  return (
    <Page title={BATCH_TITLE}>
      <RecordGate id={id} query={batch} back={BACK}>
        {(b) => (b ? <Batch batch={b} /> : null)}
      </RecordGate>
    </Page>
  );
}
