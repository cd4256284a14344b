// The admin and superadmin profile: email, an optional new password and 'Show suspended'.
import { Button, Checkbox, Group, Stack, TextInput } from '@mantine/core';
import {
  SHOW_SUSPEND_HINT,
  ZAdminProfileUpdate,
  type TAdminProfile,
  type TAdminProfileUpdate,
} from '@salesdesk/contract';
import { useForm } from '../api/use-form';
import { FormErrorBanner } from '../ui/field';
import { Loading } from '../ui/loading';
import { useAdminProfile, useSaveProfile } from './api';
import { BLANK_PASSWORDS, PasswordFields } from '../ui/password-fields';

export function AdminProfileForm() {
  const profile = useAdminProfile();
  if (profile.isPending) return <Loading />;
  if (!profile.data) return null;
  return <AdminForm profile={profile.data} />;
}

function AdminForm({ profile }: { profile: TAdminProfile }) {
  const initial = {
    email: profile.email,
    showSuspend: profile.showSuspend,
    ...BLANK_PASSWORDS,
  };
  const save = useSaveProfile<TAdminProfileUpdate>('admin');
  const form = useForm({
    schema: ZAdminProfileUpdate,
    initialValues: initial,
    save: (data) => save.mutateAsync(data),
    onSaved: (saved) => saved.reset({ ...saved.values, ...BLANK_PASSWORDS }),
  });
  return (
    <form onSubmit={form.submit} noValidate>
      <Stack gap="sm" maw={420}>
        <FormErrorBanner message={form.formError} />
        <TextInput label="Username" value={profile.username} disabled />
        <TextInput {...form.getInputProps('email')} label="Email" type="email" required />
        <PasswordFields inputProps={form.getInputProps} />
        <Checkbox
          {...form.getCheckboxProps('showSuspend')}
          label="Show suspended"
          description={SHOW_SUSPEND_HINT}
        />
        <Group>
          <Button type="submit" loading={save.isPending} disabled={!form.isValid || save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
