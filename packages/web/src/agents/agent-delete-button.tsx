// The skull button of the agent form: a superadmin with the special flag deletes the agent after confirming.
import { Button } from '@mantine/core';
import { useNavigate } from 'react-router';
import { AGENT_TEXTS } from '@salesdesk/contract';
import { confirmDialog } from '../ui/dialogs';
import { showNote } from '../ui/notes';
import { useDeleteAgent } from './api';

export function AgentDeleteButton({ id, username }: { id: number; username: string }) {
  const navigate = useNavigate();
  const remove = useDeleteAgent();
  const click = async () => {
    const deleted = await confirmDialog({
      heading: AGENT_TEXTS.deleteConfirm(username),
      confirmLabel: 'Delete',
      danger: true,
      onConfirm: () => remove.mutateAsync(id),
    });
    if (!deleted) return;
    showNote({
      type: 'success',
      heading: AGENT_TEXTS.deletedHeading,
      body: AGENT_TEXTS.deletedBody(username),
    });
    navigate('/app/agents');
  };
  return (
    <Button
      color="red"
      variant="outline"
      leftSection={<span aria-hidden>☠</span>}
      onClick={() => void click()}
      loading={remove.isPending}
    >
      Delete
    </Button>
  );
}
