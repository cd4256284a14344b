// Profile: new recovery codes for the authenticator already set up, with the current password and a
// code; the old codes end. The new ones are shown once, like at set-up.
import { Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { ZRegenerateRecoveryCodes } from '@salesdesk/contract';
import { retypeCode, useForm } from '../api/use-form';
import { FormErrorBanner } from '../ui/field';
import { useRegenerateRecoveryCodes } from './two-factor-api';

export function NewRecoveryCodesForm({
  onMade,
  onCancel,
}: {
  onMade: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const regenerate = useRegenerateRecoveryCodes();
  const form = useForm({
    schema: ZRegenerateRecoveryCodes,
    initialValues: { currentPassword: '', code: '' },
    save: async (body) => onMade((await regenerate.mutateAsync(body)).recoveryCodes),
    success: null,
    onRefused: retypeCode,
  });
  return (
    <form onSubmit={form.submit} noValidate>
      <Stack gap="sm">
        <FormErrorBanner message={form.formError} />
        <Text size="sm">New recovery codes replace the old ones, which then no longer sign you in.</Text>
        <PasswordInput
          {...form.getInputProps('currentPassword')}
          label="Current Password"
          autoComplete="current-password"
          w={280}
        />
        <TextInput
          {...form.getInputProps('code')}
          label="Code or recovery code"
          autoComplete="one-time-code"
          w={240}
        />
        <Group gap="sm">
          <Button type="submit" loading={form.saving} disabled={form.saving}>
            Make New Codes
          </Button>
          <Button variant="default" onClick={onCancel} disabled={form.saving}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
