// The confirm and alert modals of the dialog store (dialog-store.ts), which holds the promises.
import { Box, Button, Checkbox, Group, Modal, Progress, Text, Textarea } from '@mantine/core';
import {
  cancelConfirm,
  dismissAlert,
  runConfirm,
  setConfirmChecked,
  setConfirmText,
  subjectText,
  useDialogsState,
  type AlertState,
  type ConfirmState,
} from './dialog-store';

export { alertDialog, closeDialogs, confirmDialog, useDialogsState } from './dialog-store';
export type { ConfirmPhase, TAlertOptions, TConfirmInput, TConfirmOptions } from './dialog-store';

function HtmlBody({ html }: { html: string }) {
  // Only html sanitised by the server on save (news, alerts, manuals, notes) reaches this body.
  return <Box className="html-body" dangerouslySetInnerHTML={{ __html: html }} />;
}

function ConfirmModal({ dialog }: { dialog: ConfirmState }) {
  const busy = dialog.phase === 'loading';
  return (
    <Modal
      opened
      onClose={cancelConfirm}
      title={dialog.heading}
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
      withCloseButton={false}
      centered
      data-phase={dialog.phase}
    >
      {dialog.subject?.length ? (
        <Text fw={600} data-testid="confirm-subject" style={{ overflowWrap: 'anywhere' }}>
          {subjectText(dialog.subject)}
        </Text>
      ) : null}
      {dialog.html ? <HtmlBody html={dialog.html} /> : null}
      {dialog.body ? (
        <Text size="sm" mt="xs" data-testid="confirm-body">
          {dialog.body}
        </Text>
      ) : null}
      {dialog.option ? (
        <Checkbox
          label={dialog.option.label}
          mt="sm"
          checked={dialog.checked}
          onChange={(e) => setConfirmChecked(e.currentTarget.checked)}
          disabled={busy}
        />
      ) : null}
      {dialog.input ? (
        <Textarea
          label={dialog.input.label}
          required
          autosize
          minRows={2}
          mt="sm"
          value={dialog.text}
          onChange={(e) => setConfirmText(e.currentTarget.value)}
          error={dialog.error}
          disabled={busy}
          data-autofocus
        />
      ) : null}
      {busy ? <Progress value={100} animated striped mt="sm" aria-label="Loading" /> : null}
      <Group justify="flex-end" mt="md">
        {dialog.cancelBtn ? (
          <Button variant="default" onClick={cancelConfirm} disabled={busy}>
            Cancel
          </Button>
        ) : null}
        <Button
          color={dialog.danger ? 'red' : undefined}
          data-danger={dialog.danger ? 'true' : undefined}
          onClick={() => void runConfirm()}
          loading={busy}
          data-autofocus={!dialog.input}
        >
          {dialog.confirmLabel ?? 'Confirm'}
        </Button>
      </Group>
    </Modal>
  );
}

function AlertModal({ dialog }: { dialog: AlertState }) {
  return (
    <Modal opened onClose={dismissAlert} closeOnClickOutside={false} withCloseButton={false} centered>
      {dialog.contentType === 'html' ? (
        <HtmlBody html={dialog.content} />
      ) : (
        <Text style={{ whiteSpace: 'pre-wrap' }}>{dialog.content}</Text>
      )}
      <Group justify="flex-end" mt="md">
        <Button onClick={dismissAlert} data-autofocus>
          Enter
        </Button>
      </Group>
    </Modal>
  );
}

export function DialogsHost() {
  const { confirm, alert } = useDialogsState();
  return (
    <>
      {alert ? <AlertModal dialog={alert} /> : null}
      {confirm ? <ConfirmModal dialog={confirm} /> : null}
    </>
  );
}
