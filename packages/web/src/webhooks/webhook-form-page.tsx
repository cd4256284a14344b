// /app/{settings,profile}/webhooks/create ('New Webhook') and .../edit/{id} ('Edit Webhook'): the name, the
// kind (on a create only: a webhook's secret depends on it), the URL (a postback URL's macros under it),
// the events it receives (none by default) and the sites it is limited to (none: every site). A new
// webhook's signing secret is shown once, then the list.
import { useState } from 'react';
import { Button, Checkbox, Group, MultiSelect, Radio, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useNavigate } from 'react-router';
import {
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_KIND_LABELS,
  WEBHOOK_KINDS,
  WEBHOOK_NAME_MAX,
  WEBHOOK_TEXTS,
  WEBHOOK_URL_MAX,
  type TWebhookEventType,
  type TWebhookKind,
  type TWebhookRow,
} from '@salesdesk/contract';
import { useSiteOptions } from '../api/option-queries';
import { SAVED_NOTE, useForm, type SavingForm } from '../api/use-form';
import { RecordGate } from '../shell/record-gate';
import { Page } from '../shell/page';
import { toOptions } from '../ui/choice-selects';
import { FormErrorBanner } from '../ui/field';
import { showNote } from '../ui/notes';
import { idToLoad, useIdParam } from '../ui/use-id-param';
import { useCreateWebhook, useUpdateWebhook, useWebhook, WEBHOOKS_PATHS, type WebhooksPlace } from './api';
import { SecretShownDialog } from './secret-shown-dialog';
import {
  blankWebhookForm,
  webhookFormOf,
  ZWebhookCreateForm,
  ZWebhookEditForm,
  type WebhookFormValues,
} from './webhook-form';

function WebhookCreatePage({ place }: { place: WebhooksPlace }) {
  const navigate = useNavigate();
  const listPath = WEBHOOKS_PATHS[place];
  const create = useCreateWebhook();
  const [secret, setSecret] = useState<string | null>(null);
  const form = useForm({
    schema: ZWebhookCreateForm,
    initialValues: blankWebhookForm,
    save: async (body) => {
      const made = await create.mutateAsync(body);
      // A postback URL is not signed: it has no secret to show.
      if (made.secret) return setSecret(made.secret);
      showNote({ type: 'success', ...SAVED_NOTE });
      void navigate(listPath);
    },
    success: null,
  });
  return (
    <Page title={WEBHOOK_TEXTS.createTitle}>
      <WebhookFields form={form} listPath={listPath} creating />
      {secret ? (
        <SecretShownDialog
          title={WEBHOOK_TEXTS.createdTitle}
          secret={secret}
          onDone={() => void navigate(listPath)}
        />
      ) : null}
    </Page>
  );
}

function WebhookEditPage({ place }: { place: WebhooksPlace }) {
  const id = useIdParam();
  const row = useWebhook(idToLoad(id));
  const listPath = WEBHOOKS_PATHS[place];
  return (
    <Page title={WEBHOOK_TEXTS.editTitle}>
      <RecordGate id={id} query={row} back={{ to: listPath, label: `Back to ${WEBHOOK_TEXTS.title}` }}>
        {(data) => <WebhookEditForm row={data!} listPath={listPath} />}
      </RecordGate>
    </Page>
  );
}

function WebhookEditForm({ row, listPath }: { row: TWebhookRow; listPath: string }) {
  const save = useUpdateWebhook(row.id);
  const form = useForm({
    schema: ZWebhookEditForm,
    initialValues: webhookFormOf(row),
    save: (body) => save.mutateAsync(body),
    navigateTo: listPath,
  });
  return <WebhookFields form={form} listPath={listPath} />;
}

type WebhookForm = SavingForm<WebhookFormValues, unknown>;

function WebhookFields({
  form,
  listPath,
  creating = false,
}: {
  form: WebhookForm;
  listPath: string;
  creating?: boolean;
}) {
  const navigate = useNavigate();
  const sites = useSiteOptions();
  const postback = form.values.kind === 'postback';
  return (
    <form onSubmit={form.submit} noValidate>
      <Stack gap="sm" maw={700}>
        <FormErrorBanner message={form.formError} />
        <TextInput {...form.getInputProps('name')} label="Name" required maxLength={WEBHOOK_NAME_MAX} />
        {creating ? (
          <Radio.Group
            label="Kind"
            required
            value={form.values.kind}
            onChange={(v) => form.setFieldValue('kind', v as TWebhookKind)}
            error={form.errors.kind}
          >
            <Group gap="lg" mt={6}>
              {WEBHOOK_KINDS.map((k) => (
                <Radio key={k} value={k} label={WEBHOOK_KIND_LABELS[k]} />
              ))}
            </Group>
          </Radio.Group>
        ) : null}
        <TextInput
          {...form.getInputProps('url')}
          label="URL"
          description={postback ? WEBHOOK_TEXTS.macrosHint : undefined}
          placeholder={postback ? 'https://example.com/postback?tx={tx_id}&status={status}' : 'https://'}
          required
          maxLength={WEBHOOK_URL_MAX}
        />
        <Checkbox.Group
          label="Events"
          description={WEBHOOK_TEXTS.eventsHint}
          value={form.values.eventTypes}
          onChange={(v) => form.setFieldValue('eventTypes', v as TWebhookEventType[])}
          error={form.errors.eventTypes}
        >
          <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing={6} mt={6}>
            {WEBHOOK_EVENT_TYPES.map((t) => (
              <Checkbox key={t} value={t} label={t} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <MultiSelect
          label="Sites"
          description={WEBHOOK_TEXTS.sitesHint}
          placeholder={form.values.siteIds.length ? undefined : 'Every site'}
          data={toOptions(
            sites.data,
            (s) => s.id,
            (s) => s.sitename,
          )}
          value={form.values.siteIds}
          onChange={(v) => form.setFieldValue('siteIds', v)}
          error={form.errors.siteIds}
          searchable
          clearable
        />
        <Group>
          <Button type="submit" loading={form.saving} disabled={form.saving}>
            {creating ? 'Create Webhook' : 'Save'}
          </Button>
          <Button variant="default" onClick={() => void navigate(listPath)} disabled={form.saving}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export const SettingsWebhookCreatePage = () => <WebhookCreatePage place="settings" />;
export const ProfileWebhookCreatePage = () => <WebhookCreatePage place="profile" />;
export const SettingsWebhookEditPage = () => <WebhookEditPage place="settings" />;
export const ProfileWebhookEditPage = () => <WebhookEditPage place="profile" />;
