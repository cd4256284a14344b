// /app/sites/create and /app/sites/edit/{id}: the Add Site / Update Site form (spec 2 sections 2.5, 3, 5).
import {
  Button,
  Checkbox,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useNavigate } from 'react-router';
import { RecordGate } from '../shell/record-gate';
import { idToLoad, useIdParam } from '../ui/use-id-param';
import {
  DEFAULT_CLICK_PARAM,
  HOLD_DAYS_MAX,
  SITE_CATEGORIES,
  ZSiteForm,
  type TSiteDetail,
  type TSiteForm,
} from '@salesdesk/contract';
import type { z } from 'zod';
import { useForm } from '../api/use-form';
import { Page } from '../shell/page';
import { FormErrorBanner } from '../ui/field';
import { useSaveSite, useSite } from './api';
import { SiteEditActions, SitePostbackToken } from './site-form-extras';

export const SITES_LIST_PATH = '/app/sites/sites';

// Hold days: Mantine's NumberInput answers '' when empty, which the schema refuses.
type SiteValues = Required<Omit<TSiteForm, 'type' | 'holdDays'>> & {
  type: string;
  holdDays: number | string;
};
export const HOLD_DAYS_HINT = 'Sales stay held this many days before they are paid; 0 pays at once';

const blank: SiteValues = {
  sitename: '',
  shortname: '',
  abbr: '',
  url: '',
  clickParam: DEFAULT_CLICK_PARAM,
  contactName: '',
  email: '',
  phoneNum: '',
  type: '',
  note: '',
  // A new site defaults to Activated (spec 2 section 4).
  status: true,
  specialReport: false,
  useApproveSale: false,
  avp: false,
  holdDays: 0,
};

const fromDetail = (s: TSiteDetail): SiteValues => ({
  sitename: s.sitename,
  shortname: s.shortname,
  abbr: s.abbr,
  url: s.url,
  clickParam: s.clickParam,
  contactName: s.contactName,
  email: s.email,
  phoneNum: s.phoneNum,
  type: s.type,
  note: s.note,
  status: s.status,
  specialReport: s.specialReport,
  useApproveSale: s.useApproveSale,
  avp: s.avp,
  holdDays: s.holdDays,
});

export function SiteCreatePage() {
  return (
    <Page title="Add Site">
      <SiteForm />
    </Page>
  );
}

export function SiteEditPage() {
  const id = useIdParam();
  const site = useSite(idToLoad(id));
  return (
    <Page title="Update Site">
      <RecordGate id={id} query={site} back={{ to: SITES_LIST_PATH, label: 'Back to Sites' }}>
        {(data) => <SiteForm site={data} />}
      </RecordGate>
    </Page>
  );
}

function SiteForm({ site }: { site?: TSiteDetail }) {
  const navigate = useNavigate();
  const save = useSaveSite(site?.id);
  const form = useForm({
    schema: ZSiteForm as unknown as z.ZodType<z.output<typeof ZSiteForm>, SiteValues>,
    initialValues: site ? fromDetail(site) : blank,
    save: (data) => save.mutateAsync(data),
    navigateTo: SITES_LIST_PATH,
  });

  const text = (name: keyof SiteValues & string, label: string, required = false) => (
    <TextInput
      {...form.getInputProps(name)}
      value={String(form.values[name])}
      label={label}
      required={required}
    />
  );

  return (
    <form onSubmit={form.submit} noValidate>
      <Stack gap="sm" maw={900}>
        <FormErrorBanner message={form.formError} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {text('sitename', 'Site Name', true)}
          {text('shortname', 'Short Name', true)}
          {text('abbr', 'Abbreviation', true)}
          {text('url', 'URL', true)}
          {text('clickParam', 'Click Parameter')}
          <Select
            label="Type"
            required
            data={[...SITE_CATEGORIES]}
            value={form.values.type || null}
            onChange={(v) => form.setFieldValue('type', v ?? '')}
            error={form.errors.type}
          />
          {text('contactName', 'Contact Name')}
          {text('email', 'Email')}
          {text('phoneNum', 'Phone')}
          <NumberInput
            {...form.getInputProps('holdDays')}
            onChange={(v) => form.setFieldValue('holdDays', v)}
            label="Hold days"
            description={HOLD_DAYS_HINT}
            min={0}
            max={HOLD_DAYS_MAX}
            allowDecimal={false}
            allowNegative={false}
          />
        </SimpleGrid>
        <Textarea {...form.getInputProps('note')} label="Note" autosize minRows={2} />
        <Group gap="lg">
          <Checkbox {...form.getCheckboxProps('status')} label="Activated" />
          <Checkbox {...form.getCheckboxProps('specialReport')} label="use in special reports" />
          <Checkbox {...form.getCheckboxProps('useApproveSale')} label="Use CardApprove, Sale" />
          <Checkbox {...form.getCheckboxProps('avp')} label="AVP" />
        </Group>
        {site && <SitePostbackToken site={site} />}
        <Group>
          <Button type="submit" loading={save.isPending} disabled={!form.isValid || save.isPending}>
            Save
          </Button>
          <Button variant="default" onClick={() => navigate(SITES_LIST_PATH)}>
            Cancel
          </Button>
          {site && <SiteEditActions site={site} />}
        </Group>
      </Stack>
    </form>
  );
}
