// /app/news/alerts: 'Enable alert' and, only while it is ticked, the alert's html editor.
import { Button, Checkbox, Group, Stack } from '@mantine/core';
import { NEWS_SAVED_NOTE, ZAlertUpdate, type TAlert } from '@salesdesk/contract';
import { useForm } from '../api/use-form';
import { Page } from '../shell/page';
import { RichTextEditor } from '../rich-text';
import { FormErrorBanner } from '../ui/field';
import { Loading } from '../ui/loading';
import { useLastAlert, useSaveAlert } from './api';

export function NewsAlertsPage() {
  const alert = useLastAlert();
  return (
    <Page title="Edit Alert">
      {alert.isPending ? <Loading /> : alert.data ? <AlertForm alert={alert.data} /> : null}
    </Page>
  );
}

function AlertForm({ alert }: { alert: TAlert }) {
  const save = useSaveAlert();
  const form = useForm({
    schema: ZAlertUpdate,
    initialValues: { enable: alert.enable, html: alert.html },
    save: (data) => save.mutateAsync(data),
    success: NEWS_SAVED_NOTE,
    navigateTo: '/app/home',
  });
  return (
    <form onSubmit={form.submit} noValidate>
      <Stack gap="sm">
        <FormErrorBanner message={form.formError ?? form.errors.html} />
        <Checkbox {...form.getCheckboxProps('enable')} label="Enable alert" />
        {/* A disabled alert keeps its text, so ticking the box again brings it back. */}
        {form.values.enable && (
          <RichTextEditor
            label="Alert"
            value={form.values.html ?? ''}
            onChange={(html) => form.setFieldValue('html', html)}
          />
        )}
        <Group>
          <Button type="submit" loading={save.isPending} disabled={!form.isValid || save.isPending}>
            Update
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
