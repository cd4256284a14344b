// The login's enrolment step, for a role the system option requires two-factor sign-in of: set it up,
// keep the recovery codes, then go on signed in.
import { useState } from 'react';
import { Stack, Text } from '@mantine/core';
import { EnrolForm, RecoveryCodes } from '../profile/enrol-form';

export function EnrolStep({ token, onDone }: { token: string; onDone: () => Promise<unknown> }) {
  const [codes, setCodes] = useState<string[] | null>(null);
  if (codes) return <RecoveryCodes codes={codes} onDone={() => void onDone()} doneLabel="Continue" />;
  return (
    <Stack gap="sm">
      <Text size="sm">Your role signs in with a code from an authenticator app. Set it up to continue.</Text>
      <EnrolForm token={token} onEnabled={setCodes} />
    </Stack>
  );
}
