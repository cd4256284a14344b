// /app/offices/domains/create and /app/offices/domains/{id}: 'Add Preferred Domain' / 'Preferred Domain'.
import { Button, Checkbox, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import {
  DOMAIN_INITIAL,
  ZId,
  ZPreferredDomainSave,
  type TPreferredDomain,
  type TPreferredDomainSave,
} from '@salesdesk/contract';
import { isApiError } from '../api/api-error';
import { useForm } from '../api/use-form';
import { Page } from '../shell/page';
import { FormErrorBanner } from '../ui/field';
import { Loading } from '../ui/loading';
import { useDomain, useSaveDomain } from './api';

const LIST_PATH = '/app/offices/domains';
export const DOMAIN_NOT_FOUND = 'Not found';

type DomainValues = Required<TPreferredDomainSave>;
const blank: DomainValues = { domain: DOMAIN_INITIAL, description: '', hidden: false };

export function DomainCreatePage() {
  return (
    <Page title="Add Preferred Domain">
      <DomainForm />
    </Page>
  );
}

export function DomainEditPage() {
  const parsed = ZId.safeParse(useParams().id);
  const id = parsed.success ? parsed.data : undefined;
  const domain = useDomain(id);
  const missing = id === undefined || (isApiError(domain.error) && domain.error.status === 404);
  return (
    <Page title="Preferred Domain">
      {missing ? (
        <Text role="status">{DOMAIN_NOT_FOUND}</Text>
      ) : domain.data ? (
        <DomainForm id={id} domain={domain.data} />
      ) : (
        <Loading />
      )}
    </Page>
  );
}

function DomainForm({ id, domain }: { id?: number; domain?: TPreferredDomain }) {
  const navigate = useNavigate();
  const initial: DomainValues = domain
    ? { domain: domain.domain, description: domain.description, hidden: domain.hidden }
    : blank;
  const save = useSaveDomain(id);
  const form = useForm({
    schema: ZPreferredDomainSave,
    initialValues: initial,
    save: (data) => save.mutateAsync(data),
    navigateTo: LIST_PATH,
  });

  return (
    <form onSubmit={form.submit} noValidate>
      <Stack gap="sm" maw={600}>
        <FormErrorBanner message={form.formError} />
        <TextInput {...form.getInputProps('domain')} label="Domain" required />
        <Textarea {...form.getInputProps('description')} label="Note" autosize minRows={2} />
        <Checkbox {...form.getCheckboxProps('hidden')} label="Hidden" />
        <Group>
          <Button type="submit" loading={save.isPending} disabled={!form.isValid || save.isPending}>
            Confirm
          </Button>
          <Button variant="default" onClick={() => navigate(LIST_PATH)}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
