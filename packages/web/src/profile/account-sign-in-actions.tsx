// A superadmin's actions on another account's edit page: end all its sessions, reset its two-factor
// sign-in (which ends its sessions too).
import { Button, Group } from '@mantine/core';
import { Role, sessionsEnded, type TEnded } from '@salesdesk/contract';
import { useMe } from '../session/use-session';
import { apiFetch } from '../api/client';
import { confirmDialog } from '../ui';
import { showNote } from '../ui/notes';

export function AccountSignInActions({ accountId, username }: { accountId: number; username: string }) {
  const endSessions = () =>
    confirmDialog({
      heading: 'Are you sure to end all sessions of this account?',
      subject: username,
      danger: true,
      onConfirm: async () => {
        const { ended } = await apiFetch<TEnded>('POST', 'auth/end-sessions', { accountId });
        showNote({ type: 'success', heading: sessionsEnded(ended) });
      },
    });
  const resetTwoFactor = () =>
    confirmDialog({
      heading: 'Are you sure to reset two-factor sign-in of this account?',
      subject: username,
      body: 'Its authenticator and recovery codes are removed and its sessions end.',
      danger: true,
      onConfirm: async () => {
        await apiFetch<unknown>('POST', 'auth/reset-two-factor', { accountId });
        showNote({ type: 'success', heading: 'Operation Complete' });
      },
    });
  return (
    <Group gap="sm">
      <Button variant="light" color="red" onClick={() => void endSessions()}>
        End All Sessions
      </Button>
      <Button variant="light" color="red" onClick={() => void resetTwoFactor()}>
        Reset Two-factor
      </Button>
    </Group>
  );
}

/** The actions under an edit form, for a superadmin and another account only (nothing while creating). */
export function SuperadminSignInActions({ account }: { account?: { accountId: number; username: string } }) {
  const me = useMe();
  if (!account || me.role !== Role.Superadmin || me.accountId === account.accountId) return null;
  return <AccountSignInActions accountId={account.accountId} username={account.username} />;
}
