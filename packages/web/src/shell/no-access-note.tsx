// The note of a refused address, shown at the top of the page the user lands on until dismissed or left:
// a toast came and went while Home was still loading, so nobody read it.
import { Alert } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';

export const NO_ACCESS_NOTE = 'You do not have access to that page';

/** The navigation state that asks the landing page to show the note. */
export const NO_ACCESS_STATE = { noAccess: true } as const;

const refused = (state: unknown) =>
  !!state && typeof state === 'object' && (state as { noAccess?: unknown }).noAccess === true;

export function NoAccessNote() {
  const location = useLocation();
  const navigate = useNavigate();
  if (!refused(location.state)) return null;
  const dismiss = () => void navigate(location, { replace: true, state: null });
  return (
    <Alert
      color="red"
      variant="light"
      title={NO_ACCESS_NOTE}
      withCloseButton
      closeButtonLabel="Close"
      onClose={dismiss}
      mb="md"
      data-testid="no-access-note"
    />
  );
}
