// Setting up the authenticator app: the QR code and the secret as text, confirmed by one code; then the
// recovery codes, shown once. On the profile, and on the login page for a role that requires it.
import { useEffect, useState } from 'react';
import { Alert, Button, Code, Image, List, Stack, Text, TextInput } from '@mantine/core';
import { TWO_FACTOR_ENDS_SESSIONS, ZEnableTwoFactor, type TTwoFactorSetup } from '@salesdesk/contract';
import { retypeCode, useForm } from '../api/use-form';
import { CopyAndDownload } from '../ui/copy-and-download';
import { FormErrorBanner } from '../ui/field';
import { Loading } from '../ui/loading';
import { enableTwoFactor, startTwoFactor } from './two-factor-api';

/** `token`: the session signing in (login page); without it the stored session (profile). */
export function EnrolForm({ token, onEnabled }: { token?: string; onEnabled: (codes: string[]) => void }) {
  const [setup, setSetup] = useState<TTwoFactorSetup | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    startTwoFactor(token)
      .then((s) => live && setSetup(s))
      .catch((err: unknown) => live && setFailed(err instanceof Error ? err.message : 'Try again'));
    return () => {
      live = false;
    };
  }, [token]);
  const form = useForm({
    schema: ZEnableTwoFactor,
    initialValues: { code: '' },
    save: async ({ code }) => onEnabled((await enableTwoFactor(code, token)).recoveryCodes),
    success: null,
    onRefused: retypeCode,
  });
  if (failed) return <Alert color="red">{failed}</Alert>;
  if (!setup) return <Loading />;
  return (
    <form onSubmit={form.submit} noValidate>
      <Stack gap="sm">
        <FormErrorBanner message={form.formError} />
        <Text size="sm">Scan the QR code with your authenticator app, or type the key into it.</Text>
        <Text size="sm" data-testid="two-factor-ends-sessions">
          {TWO_FACTOR_ENDS_SESSIONS}
        </Text>
        <Image src={setup.qr} alt="QR code of the authenticator key" w={200} h={200} />
        <Text size="sm">
          Key: <Code data-testid="two-factor-secret">{setup.secret}</Code>
        </Text>
        <TextInput
          {...form.getInputProps('code')}
          label="Code from the app"
          autoComplete="one-time-code"
          inputMode="numeric"
          w={220}
        />
        <Button type="submit" loading={form.saving} disabled={!form.isValid || form.saving} w="fit-content">
          Turn On
        </Button>
      </Stack>
    </form>
  );
}

export const RECOVERY_CODES_FILE = 'recovery-codes.txt';

/** The recovery codes, shown this once, to copy or download. */
export function RecoveryCodes({
  codes,
  onDone,
  doneLabel,
  title = 'Two-factor sign-in is on',
}: {
  codes: string[];
  onDone: () => void;
  doneLabel: string;
  title?: string;
}) {
  return (
    <Stack gap="sm">
      <Alert color="green" title={title}>
        Keep these recovery codes somewhere safe. Each signs you in once when you do not have your app; they
        are not shown again.
      </Alert>
      <List spacing={2} data-testid="recovery-codes" ff="monospace">
        {codes.map((c) => (
          <List.Item key={c}>{c}</List.Item>
        ))}
      </List>
      <CopyAndDownload text={codes.join('\n') + '\n'} filename={RECOVERY_CODES_FILE} />
      <Button onClick={onDone} w="fit-content">
        {doneLabel}
      </Button>
    </Stack>
  );
}
