// /app/settings/webhooks and /app/profile/webhooks: one's own webhook endpoints, newest first. Each row is
// edited, tested, disabled or enabled, deleted after a confirmation, and a webhook's secret rotated (the
// new one shown once); '+ New Webhook' leads to the form, Delivery Log to the row's attempts.
import { useMemo, useState } from 'react';
import { Button, Text } from '@mantine/core';
import { Link } from 'react-router';
import {
  formatCounted,
  WEBHOOK_SORT_FIELDS,
  WEBHOOK_TEXTS,
  type TWebhookRow,
  type TWebhookSecret,
} from '@salesdesk/contract';
import { Page } from '../shell/page';
import { DataTable } from '../ui/data-table';
import { confirmDialog } from '../ui/dialog-store';
import { showNote } from '../ui/notes';
import { Pagination } from '../ui/pagination';
import { useListPage } from '../ui/use-list-page';
import {
  searchWebhooks,
  useDeleteWebhook,
  useDisableWebhook,
  useEnableWebhook,
  useRotateSecret,
  useSendTest,
  WEBHOOKS_KEY,
  WEBHOOKS_PATHS,
  type WebhooksPlace,
} from './api';
import { SecretShownDialog } from './secret-shown-dialog';
import { webhookColumns } from './webhook-columns';

const DONE = { heading: 'Operation Complete' } as const;

/** The row's actions, each confirmed where the spec asks; `shown` receives a rotated secret. */
function useRowActions(base: string, shown: (secret: TWebhookSecret) => void) {
  const remove = useDeleteWebhook().mutateAsync;
  const disable = useDisableWebhook().mutateAsync;
  const enable = useEnableWebhook().mutateAsync;
  const rotate = useRotateSecret().mutateAsync;
  const sendTest = useSendTest().mutateAsync;
  return useMemo(
    () => ({
      base,
      sendTest: (row: TWebhookRow) =>
        void sendTest(row.id).then(
          () => showNote({ type: 'success', heading: WEBHOOK_TEXTS.testSent }),
          () => undefined, // apiFetch has shown the refusal
        ),
      rotate: (row: TWebhookRow) =>
        void confirmDialog({
          heading: WEBHOOK_TEXTS.rotateQuestion,
          subject: row.name,
          confirmLabel: 'Rotate secret',
          onConfirm: async () => shown(await rotate(row.id)),
        }),
      disable: (row: TWebhookRow) =>
        void confirmDialog({
          heading: WEBHOOK_TEXTS.disableQuestion,
          subject: row.name,
          confirmLabel: 'Disable',
          danger: true,
          onConfirm: async () => {
            await disable(row.id);
            showNote({ type: 'success', ...DONE });
          },
        }),
      enable: (row: TWebhookRow) => {
        const run = async (resendHeld: boolean) => {
          await enable({ id: row.id, resendHeld });
          showNote({ type: 'success', ...DONE });
        };
        // Only what was held while it was disabled is a choice to make.
        if (row.held === 0) return void run(false).catch(() => undefined);
        void confirmDialog({
          heading: WEBHOOK_TEXTS.enableQuestion,
          subject: row.name,
          body: `${formatCounted(row.held, 'event')} held while it was disabled.`,
          option: { label: WEBHOOK_TEXTS.enableResend },
          confirmLabel: 'Enable',
          onConfirm: (_text, resendHeld) => run(resendHeld),
        });
      },
      remove: (row: TWebhookRow) =>
        void confirmDialog({
          heading: WEBHOOK_TEXTS.deleteQuestion,
          subject: row.name,
          confirmLabel: 'Delete',
          danger: true,
          onConfirm: async () => {
            await remove(row.id);
            showNote({ type: 'success', heading: WEBHOOK_TEXTS.deleted });
          },
        }),
    }),
    [base, shown, remove, disable, enable, rotate, sendTest],
  );
}

function WebhooksPage({ place }: { place: WebhooksPlace }) {
  const base = WEBHOOKS_PATHS[place];
  const hooks = useListPage({
    queryKey: WEBHOOKS_KEY,
    queryFn: searchWebhooks,
    getRowId: (r) => r.id,
    sortFields: WEBHOOK_SORT_FIELDS,
    defaultSortField: 'createdAt',
    defaultSortAsc: false,
    emptyText: WEBHOOK_TEXTS.empty,
  });
  const [rotated, setRotated] = useState<TWebhookSecret | null>(null);
  const actions = useRowActions(base, setRotated);
  const columns = useMemo(() => webhookColumns(actions), [actions]);
  return (
    <Page
      title={WEBHOOK_TEXTS.title}
      actions={
        <Button component={Link} to={`${base}/create`}>
          {WEBHOOK_TEXTS.add}
        </Button>
      }
    >
      <Text size="sm" c="dimmed" mb="sm">
        Salesdesk tells another system when a sale, a bonus, a pay period or an agent changes: a webhook
        receives a signed JSON POST, a postback URL a GET with the macros filled in. Each is sent what it
        chose.
      </Text>
      <DataTable columns={columns} caption={WEBHOOK_TEXTS.title} {...hooks.table} />
      <Pagination {...hooks.pagination} />
      {rotated ? (
        <SecretShownDialog
          title={WEBHOOK_TEXTS.rotatedTitle}
          secret={rotated.secret}
          onDone={() => setRotated(null)}
        />
      ) : null}
    </Page>
  );
}

export const SettingsWebhooksPage = () => <WebhooksPage place="settings" />;
export const ProfileWebhooksPage = () => <WebhooksPage place="profile" />;
