// The office profile: names, manager email (required), an optional new password and the agents' notes.
import { Button, Checkbox, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { ZCompanyProfileUpdate, type TCompanyProfile, type TCompanyProfileUpdate } from '@salesdesk/contract';
import { useForm } from '../api/use-form';
import { FormErrorBanner } from '../ui/field';
import { Loading } from '../ui/loading';
import { RichTextEditor } from '../rich-text';
import { useOfficeProfile, useSaveProfile } from './api';
import { BLANK_PASSWORDS, PasswordFields } from '../ui/password-fields';

export function OfficeProfileForm() {
  const profile = useOfficeProfile();
  if (profile.isPending) return <Loading />;
  if (!profile.data) return null;
  return <OfficeForm profile={profile.data} />;
}

function OfficeForm({ profile }: { profile: TCompanyProfile }) {
  const { username: _username, ...fields } = profile;
  const save = useSaveProfile<TCompanyProfileUpdate>('company');
  const form = useForm({
    schema: ZCompanyProfileUpdate,
    initialValues: { ...fields, ...BLANK_PASSWORDS },
    save: (data) => save.mutateAsync(data),
    onSaved: (saved) => saved.reset({ ...saved.values, ...BLANK_PASSWORDS }),
  });
  return (
    <form onSubmit={form.submit} noValidate>
      <Stack gap="sm" maw={900}>
        <FormErrorBanner message={form.formError} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput {...form.getInputProps('officeName')} label="Office Name" required />
          <TextInput label="Username" value={profile.username} disabled />
          <TextInput {...form.getInputProps('manFirstName')} label="Manager First Name" required />
          <TextInput {...form.getInputProps('manLastName')} label="Manager Last Name" required />
          <TextInput {...form.getInputProps('manEmail')} label="Manager Email" type="email" required />
          <PasswordFields inputProps={form.getInputProps} />
        </SimpleGrid>
        {/* Shown, not changed here: suspending an office is an administrator's action. */}
        <Checkbox checked={form.values.activated ?? false} label="Active" disabled readOnly />
        <RichTextEditor
          label="Must Read (optional)"
          value={form.values.agentNotes ?? ''}
          onChange={(html) => form.setFieldValue('agentNotes', html)}
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
