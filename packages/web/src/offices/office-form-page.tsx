// /app/offices/create and /app/offices/edit/{id}: the Add Office / Update Office form.
import { useEffect, useMemo, useRef } from 'react';
import { Button, Checkbox, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useNavigate } from 'react-router';
import {
  DEFAULT_PREFERRED_DOMAIN_ID,
  ZOfficeCreate,
  ZOfficeUpdate,
  type TOfficeCreate,
  type TOfficeDetail,
  type TOfficeUpdate,
} from '@salesdesk/contract';
import type { z } from 'zod';
import { useSiteOptions } from '../api/option-queries';
import { useForm } from '../api/use-form';
import { Page } from '../shell/page';
import { FormErrorBanner } from '../ui/field';
import { NewPasswordFields } from '../ui/password-fields';
import { RecordGate } from '../shell/record-gate';
import { SuperadminSignInActions } from '../profile/account-sign-in-actions';
import { idToLoad, useIdParam } from '../ui/use-id-param';
import { RichTextEditor } from '../rich-text';
import { useOffice, usePreferredDomains, useSaveOffice } from './api';

type OfficeValues = Required<Omit<TOfficeCreate, 'preferredDomainId'>> & { preferredDomainId: number | null };

const blank: OfficeValues = {
  officeName: '',
  manFirstName: '',
  manLastName: '',
  manEmail: '',
  username: '',
  password: '',
  passwordConfirm: '',
  agentNotes: '',
  preferredDomainId: DEFAULT_PREFERRED_DOMAIN_ID,
  siteIds: [],
  active: true,
};

const fromDetail = (o: TOfficeDetail): OfficeValues => ({
  officeName: o.officeName,
  manFirstName: o.manFirstName,
  manLastName: o.manLastName,
  manEmail: o.manEmail,
  username: o.username,
  password: '',
  passwordConfirm: '',
  agentNotes: o.agentNotes,
  preferredDomainId: o.preferredDomainId,
  siteIds: o.siteIds,
  active: o.active,
});

export function OfficeFormPage() {
  const id = useIdParam();
  const office = useOffice(idToLoad(id));
  const title = id === undefined ? 'Add Office' : 'Update Office';
  return (
    <Page title={title}>
      <RecordGate id={id} query={office} back={{ to: '/app/offices', label: 'Back to Offices' }}>
        {(data) => (
          <Stack gap="lg">
            <OfficeForm id={idToLoad(id)} office={data} />
            <SuperadminSignInActions account={data} />
          </Stack>
        )}
      </RecordGate>
    </Page>
  );
}

function OfficeForm({ id, office }: { id?: number; office?: TOfficeDetail }) {
  const navigate = useNavigate();
  const creating = id === undefined;
  // One set of values for both forms; the update schema drops the username, fixed after creation.
  const schema = (creating ? ZOfficeCreate : ZOfficeUpdate) as unknown as z.ZodType<
    TOfficeUpdate,
    OfficeValues
  >;
  const form = useForm({
    schema,
    initialValues: office ? fromDetail(office) : blank,
    save: (data) => save.mutateAsync(data),
    navigateTo: '/app/offices',
  });
  const sites = useSiteOptions(true);
  const domains = usePreferredDomains();
  const save = useSaveOffice(id);
  const preselected = useRef(false);

  // A new office starts with every site selected.
  useEffect(() => {
    if (!creating || preselected.current || !sites.data) return;
    preselected.current = true;
    form.setFieldValue(
      'siteIds',
      sites.data.map((s) => s.id),
    );
  }, [creating, sites.data, form]);

  const domainOptions = useMemo(
    () =>
      (domains.data ?? [])
        .filter((d) => !d.hidden || d.id === form.values.preferredDomainId)
        .map((d) => ({ value: String(d.id), label: d.domain })),
    [domains.data, form.values.preferredDomainId],
  );

  return (
    <form onSubmit={form.submit} noValidate>
      <Stack gap="sm" maw={900}>
        <FormErrorBanner message={form.formError} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput {...form.getInputProps('officeName')} label="Office Name" required />
          <TextInput {...form.getInputProps('username')} label="Username" required disabled={!creating} />
          <TextInput {...form.getInputProps('manFirstName')} label="Manager First Name" required />
          <TextInput {...form.getInputProps('manLastName')} label="Manager Last Name" required />
          <TextInput {...form.getInputProps('manEmail')} label="Manager Email" type="email" />
          <Select
            label="Preferred Domain"
            data={domainOptions}
            value={form.values.preferredDomainId === null ? null : String(form.values.preferredDomainId)}
            onChange={(v) => form.setFieldValue('preferredDomainId', v ? Number(v) : null)}
            error={form.errors.preferredDomainId}
            clearable
          />
          <NewPasswordFields inputProps={form.getInputProps} required={creating} />
        </SimpleGrid>
        <Checkbox {...form.getCheckboxProps('active')} label="Active" />
        <Checkbox.Group
          label="Sites"
          value={form.values.siteIds.map(String)}
          onChange={(v) => form.setFieldValue('siteIds', v.map(Number))}
          error={form.errors.siteIds}
        >
          <Group gap="md" mt={4}>
            {(sites.data ?? []).map((s) => (
              <Checkbox
                key={s.id}
                value={String(s.id)}
                label={s.status ? s.sitename : `${s.sitename} (Suspended)`}
              />
            ))}
          </Group>
        </Checkbox.Group>
        <RichTextEditor
          label="Must Read (optional)"
          value={form.values.agentNotes}
          onChange={(html) => form.setFieldValue('agentNotes', html)}
          error={form.errors.agentNotes}
        />
        <Group>
          <Button type="submit" loading={save.isPending} disabled={!form.isValid || save.isPending}>
            Save
          </Button>
          <Button variant="default" onClick={() => navigate('/app/offices')}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
