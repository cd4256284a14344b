// The columns of the webhooks list: name, kind, URL, events, status (with failures in a row and held
// deliveries), created, and the row's actions: Edit, Delivery Log, Send test event, Rotate secret
// (webhooks only), Disable or Enable, Delete. Dates in Eastern time, as every screen.
import { Button, Group, Tooltip } from '@mantine/core';
import { Link } from 'react-router';
import {
  formatCounted,
  formatDateTime,
  WEBHOOK_KIND_LABELS,
  WEBHOOK_TEXTS,
  type TWebhookKind,
  type TWebhookRow,
  type WEBHOOK_SORT_FIELDS,
} from '@salesdesk/contract';
import type { DataColumn } from '../ui/data-table';

type SortField = (typeof WEBHOOK_SORT_FIELDS)[number];

/** The kind's label without its explanation: `Webhook`, `Postback URL`. */
export const kindName = (kind: TWebhookKind) => WEBHOOK_KIND_LABELS[kind].replace(/\s*\(.*\)$/, '');

/** `Enabled`, or `Disabled`, then the failures in a row and the deliveries held, when there are any. */
export function webhookStatus(row: TWebhookRow): string {
  const parts: string[] = [row.enabled ? WEBHOOK_TEXTS.enabled : WEBHOOK_TEXTS.disabled];
  if (row.failures > 0) parts.push(`${formatCounted(row.failures, 'failure')} in a row`);
  if (row.held > 0) parts.push(`${row.held} held`);
  return parts.join(', ');
}

export interface WebhookActions {
  /** The list's own path: Edit and Delivery Log lead below it. */
  base: string;
  sendTest: (row: TWebhookRow) => void;
  rotate: (row: TWebhookRow) => void;
  disable: (row: TWebhookRow) => void;
  enable: (row: TWebhookRow) => void;
  remove: (row: TWebhookRow) => void;
}

export function webhookColumns(actions: WebhookActions): DataColumn<TWebhookRow, SortField>[] {
  return [
    { id: 'name', header: 'Name', sortable: true, cell: (r) => r.name },
    { id: 'kind', header: 'Kind', cell: (r) => kindName(r.kind) },
    { id: 'url', header: 'URL', wrap: true, cell: (r) => r.url },
    {
      id: 'events',
      header: 'Events',
      cell: (r) => (
        <Tooltip label={r.eventTypes.join(', ')} disabled={!r.eventTypes.length} multiline maw={320}>
          <span>{formatCounted(r.eventTypes.length, 'event')}</span>
        </Tooltip>
      ),
    },
    { id: 'status', header: 'Status', priority: 'high', cell: webhookStatus },
    { id: 'createdAt', header: 'Created', sortable: true, cell: (r) => formatDateTime(r.createdAt) },
    {
      id: 'actions',
      header: 'Actions',
      actions: true,
      cell: (r) => <RowActions row={r} actions={actions} />,
    },
  ];
}

function RowActions({ row, actions }: { row: TWebhookRow; actions: WebhookActions }) {
  const label = (verb: string) => `${verb} ${row.name}`;
  const act = (verb: string, run: (row: TWebhookRow) => void, color?: string) => (
    <Button size="compact-xs" variant="light" color={color} aria-label={label(verb)} onClick={() => run(row)}>
      {verb}
    </Button>
  );
  const link = (verb: string, to: string) => (
    <Button component={Link} to={to} size="compact-xs" variant="light" aria-label={label(verb)}>
      {verb}
    </Button>
  );
  return (
    <Group gap={4} wrap="nowrap">
      {link('Edit', `${actions.base}/edit/${row.id}`)}
      {link(WEBHOOK_TEXTS.deliveriesTitle, `${actions.base}/${row.id}`)}
      {/* A disabled endpoint is sent nothing, a test event neither. */}
      {row.enabled ? act('Send test event', actions.sendTest) : null}
      {row.kind === 'webhook' ? act('Rotate secret', actions.rotate) : null}
      {row.enabled ? act('Disable', actions.disable, 'orange') : act('Enable', actions.enable, 'green')}
      {act('Delete', actions.remove, 'red')}
    </Group>
  );
}
