// /app/admins/create and /app/admins/edit/{id}: the Add Admin / Update Admin form.
import { Button, Checkbox, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useNavigate } from 'react-router';
import { ZAdminCreate, ZAdminUpdate, type TAdminDetail, type TAdminUpdate } from '@salesdesk/contract';
import type { z } from 'zod';
import { useForm } from '../api/use-form';
import { Page } from '../shell/page';
import { SuperadminSignInActions } from '../profile/account-sign-in-actions';
import { FormErrorBanner } from '../ui/field';
import { NewPasswordFields } from '../ui/password-fields';
import { RecordGate } from '../shell/record-gate';
import { idToLoad, useIdParam } from '../ui/use-id-param';
import { useAdmin, useSaveAdmin } from './api';

type AdminValues = {
  username: string;
  email: string;
  password: string;
  passwordConfirm: string;
  earningVisible: boolean;
  approveAgents: boolean;
  showSuspend: boolean;
};

const blank: AdminValues = {
  username: '',
  email: '',
  password: '',
  passwordConfirm: '',
  earningVisible: false,
  approveAgents: false,
  showSuspend: false,
};

const fromDetail = (a: TAdminDetail): AdminValues => ({
  username: a.username,
  email: a.email,
  password: '',
  passwordConfirm: '',
  earningVisible: a.earningVisible,
  approveAgents: a.approveAgents,
  showSuspend: a.showSuspend,
});

export function AdminCreatePage() {
  return (
    <Page title="Add Admin">
      <AdminForm />
    </Page>
  );
}

export function AdminEditPage() {
  const id = useIdParam();
  const admin = useAdmin(idToLoad(id));
  return (
    <Page title="Update Admin">
      <RecordGate id={id} query={admin} back={{ to: '/app/admins', label: 'Back to Admins' }}>
        {(data) => (
          <Stack gap="lg">
            <AdminForm id={idToLoad(id)} admin={data} />
            <SuperadminSignInActions account={data && { accountId: data.id, username: data.username }} />
          </Stack>
        )}
      </RecordGate>
    </Page>
  );
}

function AdminForm({ id, admin }: { id?: number; admin?: TAdminDetail }) {
  const navigate = useNavigate();
  const creating = id === undefined;
  // One set of values for both forms; the update schema drops the username, fixed after creation.
  const schema = (creating ? ZAdminCreate : ZAdminUpdate) as unknown as z.ZodType<TAdminUpdate, AdminValues>;
  const save = useSaveAdmin(id);
  const form = useForm({
    schema,
    initialValues: admin ? fromDetail(admin) : blank,
    save: (data) => save.mutateAsync(data),
    navigateTo: '/app/admins',
  });

  return (
    <form onSubmit={form.submit} noValidate>
      <Stack gap="sm" maw={700}>
        <FormErrorBanner message={form.formError} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput {...form.getInputProps('username')} label="Username" required disabled={!creating} />
          <TextInput {...form.getInputProps('email')} label="Email" type="email" required />
          <NewPasswordFields inputProps={form.getInputProps} required={creating} />
        </SimpleGrid>
        <Checkbox {...form.getCheckboxProps('earningVisible')} label="Earning visible" />
        <Checkbox {...form.getCheckboxProps('approveAgents')} label="Approve agents" />
        <Checkbox {...form.getCheckboxProps('showSuspend')} label="Show suspend" />
        <Group>
          <Button type="submit" loading={save.isPending} disabled={!form.isValid || save.isPending}>
            Save
          </Button>
          <Button variant="default" onClick={() => navigate('/app/admins')}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
