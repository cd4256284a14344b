// /app/site-manuals/create and /app/site-manuals/edit/{id}: a site without a manual (its name fills the
// title), the display title and the html; on edit the site is fixed and shown read-only.
import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { useNavigate } from 'react-router';
import {
  ZSiteManualCreate,
  ZSiteManualUpdate,
  type TManualSiteOption,
  type TSiteManual,
  type TSiteManualCreate,
} from '@salesdesk/contract';
import type { z } from 'zod';
import { useForm } from '../api/use-form';
import { Page } from '../shell/page';
import { RichTextEditor } from '../rich-text';
import { FormErrorBanner } from '../ui/field';
import { RecordGate } from '../shell/record-gate';
import { idToLoad, useIdParam } from '../ui/use-id-param';
import { useAvailableSites, useManual, useSaveManual } from './api';

const LIST = '/app/site-manuals';
const BACK = { to: LIST, label: 'Back to Site Manuals' };

type ManualValues = { siteId: number | null; title: string; html: string };

export function SiteManualCreatePage() {
  const sites = useAvailableSites();
  return (
    <Page title="Add Site Manual">
      <ManualForm sites={sites.data ?? []} sitesLoading={sites.isPending} />
    </Page>
  );
}

export function SiteManualEditPage() {
  const id = useIdParam();
  const manual = useManual(idToLoad(id));
  return (
    <Page title="Update Site Manual">
      <RecordGate id={id} query={manual} back={BACK}>
        {(data) => data && <ManualForm manual={data} />}
      </RecordGate>
    </Page>
  );
}

/** The new title when a site is chosen: its name, unless the user has typed a title of their own. */
export function titleAfterSiteChange(title: string, previous: string | undefined, next: string): string {
  return title.trim() === '' || title === previous ? next : title;
}

function ManualForm({
  manual,
  sites = [],
  sitesLoading = false,
}: {
  manual?: TSiteManual;
  sites?: TManualSiteOption[];
  sitesLoading?: boolean;
}) {
  const navigate = useNavigate();
  const creating = manual === undefined;
  // One set of values for both forms; the update schema drops the site, fixed after creation.
  const schema = (creating ? ZSiteManualCreate : ZSiteManualUpdate) as unknown as z.ZodType<
    TSiteManualCreate,
    ManualValues
  >;
  const save = useSaveManual(manual?.id);
  const form = useForm({
    schema,
    initialValues: {
      siteId: manual?.siteId ?? null,
      title: manual?.title ?? '',
      html: manual?.html ?? '',
    },
    save: (data) => save.mutateAsync(data),
    navigateTo: LIST,
  });
  const nameOf = (id: number | null) => sites.find((s) => s.id === id)?.sitename;

  const chooseSite = (value: string | null) => {
    const siteId = value ? Number(value) : null;
    const name = nameOf(siteId);
    form.setFieldValue('siteId', siteId);
    if (name)
      form.setFieldValue('title', titleAfterSiteChange(form.values.title, nameOf(form.values.siteId), name));
  };

  return (
    <form onSubmit={form.submit} noValidate>
      <Stack gap="sm" maw={900}>
        <FormErrorBanner message={form.formError} />
        {creating ? (
          <Select
            label="Site"
            required
            placeholder={sitesLoading ? 'Loading…' : 'Choose a site'}
            data={sites.map((s) => ({ value: String(s.id), label: s.sitename }))}
            value={form.values.siteId === null ? null : String(form.values.siteId)}
            onChange={chooseSite}
            onBlur={form.getInputProps('siteId').onBlur}
            error={form.errors.siteId}
            searchable
            nothingFoundMessage="Every site has a manual"
          />
        ) : (
          <TextInput label="Site Name" value={manual.sitename} readOnly />
        )}
        <TextInput {...form.getInputProps('title')} label="Display title" required maxLength={128} />
        <RichTextEditor
          label="Manual"
          value={form.values.html}
          onChange={(html) => form.setFieldValue('html', html)}
          error={form.errors.html}
        />
        <Group>
          <Button type="submit" loading={save.isPending} disabled={!form.isValid || save.isPending}>
            Save
          </Button>
          <Button variant="default" onClick={() => navigate(LIST)}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
