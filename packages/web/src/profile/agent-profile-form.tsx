// The agent's profile: the current password, the new one and its confirmation.
import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { PASSWORD_HINT, ZAgentProfileUpdate, type TAgentProfileUpdate } from '@salesdesk/contract';
import { useForm } from '../api/use-form';
import { FormErrorBanner } from '../ui/field';
import { useSaveProfile } from './api';

const blank = { currentPassword: '', password: '', passwordConfirm: '' };

export function AgentProfileForm() {
  const save = useSaveProfile<TAgentProfileUpdate>('agent');
  const form = useForm({
    schema: ZAgentProfileUpdate,
    initialValues: blank,
    save: (data) => save.mutateAsync(data),
    onSaved: (saved) => saved.reset(blank),
  });
  return (
    <form onSubmit={form.submit} noValidate>
      <Stack gap="sm" maw={420}>
        <FormErrorBanner message={form.formError} />
        <PasswordInput
          {...form.getInputProps('currentPassword')}
          label="Current Password"
          required
          autoComplete="current-password"
        />
        <PasswordInput
          {...form.getInputProps('password')}
          label="Password"
          description={PASSWORD_HINT}
          required
          autoComplete="new-password"
        />
        <PasswordInput
          {...form.getInputProps('passwordConfirm')}
          label="Confirm Password"
          required
          autoComplete="new-password"
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
