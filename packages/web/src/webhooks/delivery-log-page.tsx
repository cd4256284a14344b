// /app/{settings,profile}/webhooks/{id}: an endpoint's Delivery Log, every attempt newest first, filtered
// by outcome and event (in the URL, as the other logs) and paged on the server. A row's delivery is sent
// again by Resend; `Send test event` queues the test event for this endpoint.
import { useMemo } from 'react';
import { Anchor, Button, Select, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import {
  ATTEMPT_OUTCOME_LABELS,
  ATTEMPT_SORT_FIELDS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_TEST_EVENT,
  WEBHOOK_TEXTS,
  type TAttemptRow,
  type TWebhookRow,
} from '@salesdesk/contract';
import { Page } from '../shell/page';
import { RecordGate } from '../shell/record-gate';
import { DataTable } from '../ui/data-table';
import { ListSearch } from '../ui/list-search';
import { showNote } from '../ui/notes';
import { Pagination } from '../ui/pagination';
import { idToLoad, useIdParam } from '../ui/use-id-param';
import { useListPage } from '../ui/use-list-page';
import {
  searchAttempts,
  useResend,
  useSendTest,
  useWebhook,
  WEBHOOKS_KEY,
  WEBHOOKS_PATHS,
  type WebhooksPlace,
} from './api';
import { kindName } from './webhook-columns';
import { deliveryColumns } from './delivery-log-columns';

const FILTERS = ['outcome', 'eventType'] as const;
const OUTCOMES = Object.entries(ATTEMPT_OUTCOME_LABELS).map(([value, label]) => ({ value, label }));
const EVENTS = [...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT];

function DeliveryLogPage({ place }: { place: WebhooksPlace }) {
  const id = useIdParam();
  const webhook = useWebhook(idToLoad(id));
  const sendTest = useSendTest();
  const row = webhook.data;
  const test = () =>
    row &&
    sendTest.mutateAsync(row.id).then(
      () => showNote({ type: 'success', heading: WEBHOOK_TEXTS.testSent }),
      () => undefined, // apiFetch has shown the refusal
    );
  const listPath = WEBHOOKS_PATHS[place];
  return (
    <Page
      title={WEBHOOK_TEXTS.deliveriesTitle}
      actions={
        row ? (
          <Button onClick={() => void test()} loading={sendTest.isPending} disabled={!row.enabled}>
            Send test event
          </Button>
        ) : null
      }
    >
      <RecordGate id={id} query={webhook} back={{ to: listPath, label: `Back to ${WEBHOOK_TEXTS.title}` }}>
        {(data) => <DeliveryLog row={data!} listPath={listPath} />}
      </RecordGate>
    </Page>
  );
}

function DeliveryLog({ row, listPath }: { row: TWebhookRow; listPath: string }) {
  const attempts = useListPage({
    queryKey: [...WEBHOOKS_KEY, 'attempts', row.id],
    queryFn: (query, signal) => searchAttempts(row.id, query, signal),
    getRowId: (r: TAttemptRow) => r.id,
    sortFields: ATTEMPT_SORT_FIELDS,
    filterKeys: FILTERS,
    defaultSortField: 'at',
    defaultSortAsc: false,
    emptyText: WEBHOOK_TEXTS.deliveriesEmpty,
  });
  const resend = useResend(row.id).mutateAsync;
  const columns = useMemo(
    () =>
      deliveryColumns(
        (a) =>
          void resend(a.deliveryId).then(
            () => showNote({ type: 'success', heading: WEBHOOK_TEXTS.resent }),
            () => undefined,
          ),
        row.enabled,
      ),
    [resend, row.enabled],
  );
  return (
    <Stack gap="sm">
      <div>
        <Text fw={700} data-testid="webhook-name">
          {row.name}
        </Text>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {kindName(row.kind)}: {row.url}
        </Text>
        <Anchor component={Link} to={listPath} size="sm">
          Back to {WEBHOOK_TEXTS.title}
        </Anchor>
      </div>
      <ListSearch {...attempts.search} label="Search deliveries">
        {(field, draft) => (
          <>
            <Select
              label="Outcome"
              placeholder="All outcomes"
              data={OUTCOMES}
              value={draft.outcome || null}
              onChange={(v) => field('outcome').onChange(v ?? '')}
              clearable
              w={170}
            />
            <Select
              label="Event"
              placeholder="All events"
              data={EVENTS}
              value={draft.eventType || null}
              onChange={(v) => field('eventType').onChange(v ?? '')}
              clearable
              searchable
              w={210}
            />
          </>
        )}
      </ListSearch>
      <DataTable columns={columns} caption={WEBHOOK_TEXTS.deliveriesTitle} {...attempts.table} />
      <Pagination {...attempts.pagination} />
    </Stack>
  );
}

export const SettingsDeliveryLogPage = () => <DeliveryLogPage place="settings" />;
export const ProfileDeliveryLogPage = () => <DeliveryLogPage place="profile" />;
