// The agent's profile: the current password, the new one and its confirmation.
import { Button, Group, Stack } from '@mantine/core';
import { ZAgentProfileUpdate, type TAgentProfileUpdate } from '@salesdesk/contract';
import { useForm } from '../api/use-form';
import { FormErrorBanner } from '../ui/field';
import { useSaveProfile } from './api';
import { BLANK_PASSWORDS, PasswordFields } from '../ui/password-fields';

export function AgentProfileForm() {
  const save = useSaveProfile<TAgentProfileUpdate>('agent');
  const form = useForm({
    schema: ZAgentProfileUpdate,
    initialValues: BLANK_PASSWORDS,
    save: (data) => save.mutateAsync(data),
    onSaved: (saved) => saved.reset(BLANK_PASSWORDS),
  });
  return (
    <form onSubmit={form.submit} noValidate>
      <Stack gap="sm" maw={420}>
        <FormErrorBanner message={form.formError} />
        <PasswordFields inputProps={form.getInputProps} required />
        <Group>
          <Button type="submit" loading={save.isPending} disabled={!form.isValid || save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
