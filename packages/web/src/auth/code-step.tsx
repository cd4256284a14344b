// The login's second step: the 6-digit code of the authenticator app, or one of the recovery codes.
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { ZSecondFactorRequest } from '@salesdesk/contract';
import { giveSecondFactor } from '../api/auth-api';
import { retypeCode, useForm } from '../api/use-form';
import { FormErrorBanner } from '../ui/field';

export function CodeStep({
  token,
  onDone,
  onCancel,
}: {
  token: string;
  onDone: () => Promise<unknown>;
  onCancel: () => void;
}) {
  const form = useForm({
    schema: ZSecondFactorRequest,
    initialValues: { code: '' },
    save: async ({ code }) => {
      await giveSecondFactor(token, code);
      await onDone();
    },
    success: null,
    onRefused: retypeCode,
    otherErrorsToForm: true,
  });
  return (
    <form onSubmit={form.submit} noValidate>
      <Stack gap="sm">
        <FormErrorBanner message={form.formError} />
        <Text size="sm">
          Enter the 6-digit code of your authenticator app, or one of your recovery codes.
        </Text>
        <TextInput
          {...form.getInputProps('code')}
          label="Code"
          autoComplete="one-time-code"
          inputMode="text"
          autoFocus
        />
        <Button type="submit" loading={form.saving} disabled={!form.isValid || form.saving}>
          Verify
        </Button>
        <Anchor component="button" type="button" size="sm" ta="center" onClick={onCancel}>
          Back to login
        </Anchor>
      </Stack>
    </form>
  );
}
