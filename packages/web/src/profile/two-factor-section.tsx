// Profile: two-factor sign-in, set up (QR code, key, one code; then the recovery codes) or turned off
// with a code; either ends the account's other sessions. New recovery codes replace the old ones.
import { useState } from 'react';
import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { RECOVERY_CODES_REPLACED, ZDisableTwoFactor, type TTwoFactorStatus } from '@salesdesk/contract';
import { retypeCode, useForm } from '../api/use-form';
import { EnrolForm, RecoveryCodes } from './enrol-form';
import { FormErrorBanner } from '../ui/field';
import { Loading } from '../ui/loading';
import { NewRecoveryCodesForm } from './new-recovery-codes-form';
import { SESSIONS_KEY, TWO_FACTOR_KEY, useDisableTwoFactor, useTwoFactorStatus } from './two-factor-api';

export function TwoFactorSection() {
  const status = useTwoFactorStatus();
  return (
    <Stack gap="sm" maw={520}>
      <Title order={2} size="h4">
        Two-factor sign-in
      </Title>
      {status.isPending ? <Loading /> : status.data ? <TwoFactor status={status.data} /> : null}
    </Stack>
  );
}

function TwoFactor({ status }: { status: TTwoFactorStatus }) {
  const client = useQueryClient();
  const [mode, setMode] = useState<'view' | 'enrol' | 'regenerate' | { codes: string[]; title?: string }>(
    'view',
  );
  const refresh = () => {
    void client.invalidateQueries({ queryKey: TWO_FACTOR_KEY });
    void client.invalidateQueries({ queryKey: SESSIONS_KEY });
  };
  if (typeof mode === 'object')
    return (
      <RecoveryCodes codes={mode.codes} title={mode.title} doneLabel="Done" onDone={() => setMode('view')} />
    );
  if (mode === 'regenerate')
    return (
      <NewRecoveryCodesForm
        onMade={(codes) => setMode({ codes, title: RECOVERY_CODES_REPLACED })}
        onCancel={() => setMode('view')}
      />
    );
  if (mode === 'enrol')
    return (
      <EnrolForm
        onEnabled={(codes) => {
          refresh();
          setMode({ codes });
        }}
      />
    );
  if (!status.enabled)
    return (
      <Stack gap="xs">
        <Text size="sm">
          Off.{' '}
          {status.required
            ? 'Your role must sign in with a code: set it up.'
            : 'Sign in with a code from an authenticator app as well as your password.'}
        </Text>
        <Button onClick={() => setMode('enrol')} w="fit-content">
          Set Up
        </Button>
      </Stack>
    );
  return <TurnOff status={status} onDone={refresh} onNewCodes={() => setMode('regenerate')} />;
}

function TurnOff({
  status,
  onDone,
  onNewCodes,
}: {
  status: TTwoFactorStatus;
  onDone: () => void;
  onNewCodes: () => void;
}) {
  const disable = useDisableTwoFactor();
  const form = useForm({
    schema: ZDisableTwoFactor,
    initialValues: { code: '' },
    save: ({ code }) => disable.mutateAsync(code),
    success: { heading: 'Two-factor sign-in is off' },
    onSaved: (saved) => {
      saved.reset({ code: '' });
      onDone();
    },
    onRefused: retypeCode,
  });
  return (
    <Stack gap="xs">
      <Group gap="sm">
        <Text size="sm">On. Recovery codes left: {status.recoveryCodesLeft}.</Text>
        <Button size="xs" variant="light" onClick={onNewCodes}>
          New Recovery Codes
        </Button>
      </Group>
      {status.required ? (
        <Text size="sm" c="dimmed">
          Your role must sign in with a code: it cannot be turned off.
        </Text>
      ) : (
        <form onSubmit={form.submit} noValidate>
          <FormErrorBanner message={form.formError} />
          <Group align="flex-end" gap="sm">
            <TextInput
              {...form.getInputProps('code')}
              label="Code or recovery code"
              autoComplete="one-time-code"
              w={240}
            />
            <Button
              type="submit"
              color="red"
              variant="light"
              loading={form.saving}
              disabled={!form.isValid || form.saving}
            >
              Turn Off
            </Button>
          </Group>
        </form>
      )}
    </Stack>
  );
}
