// Confirm and alert dialogs as promises, rendered by DialogsHost from a tiny external store.
import { useSyncExternalStore } from 'react';
import { Box, Button, Group, Modal, Progress, Text } from '@mantine/core';

export type TConfirmOptions = {
  heading: string;
  /** Server-sanitised html shown under the heading. */
  html?: string;
  confirmLabel?: string;
  cancelBtn?: boolean;
  onConfirm: () => Promise<unknown> | unknown;
};
export type TAlertOptions = { content: string; contentType: 'html' | 'text' };
/** hidden is the absence of a dialog; closed resolves the promise and hides it again. */
export type ConfirmPhase = 'visible' | 'loading';

type ConfirmState = TConfirmOptions & { phase: ConfirmPhase; resolve: (ok: boolean) => void };
type AlertState = TAlertOptions & { resolve: () => void };
type DialogsState = { confirm: ConfirmState | null; alert: AlertState | null };

let state: DialogsState = { confirm: null, alert: null };
const listeners = new Set<() => void>();

function publish(next: Partial<DialogsState>) {
  state = { ...state, ...next };
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function closeConfirm(ok: boolean) {
  const current = state.confirm;
  if (!current) return;
  publish({ confirm: null });
  current.resolve(ok);
}

/** Resolves true after onConfirm succeeded, false when cancelled or when onConfirm threw. */
export function confirmDialog(options: TConfirmOptions): Promise<boolean> {
  closeConfirm(false);
  return new Promise<boolean>((resolve) => {
    publish({ confirm: { cancelBtn: true, ...options, phase: 'visible', resolve } });
  });
}

async function runConfirm() {
  const current = state.confirm;
  if (!current || current.phase === 'loading') return;
  publish({ confirm: { ...current, phase: 'loading' } });
  let ok = true;
  try {
    await current.onConfirm();
  } catch {
    // A failed action closes the dialog with no change; the caller's api layer reports the error.
    ok = false;
  }
  if (state.confirm?.resolve === current.resolve) closeConfirm(ok);
}

function cancelConfirm() {
  if (state.confirm?.phase === 'visible') closeConfirm(false);
}

/** Shows text or html with a single 'Enter' button; resolves when dismissed. */
export function alertDialog(options: TAlertOptions): Promise<void> {
  state.alert?.resolve();
  return new Promise<void>((resolve) => publish({ alert: { ...options, resolve } }));
}

function dismissAlert() {
  const current = state.alert;
  if (!current) return;
  publish({ alert: null });
  current.resolve();
}

/** Closes every dialog (a confirm resolves false, an alert as dismissed): the session that opened it ended. */
export function closeDialogs(): void {
  closeConfirm(false);
  dismissAlert();
}

export function useDialogsState(): DialogsState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
}

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
      {dialog.html ? <HtmlBody html={dialog.html} /> : null}
      {busy ? <Progress value={100} animated striped mt="sm" aria-label="Loading" /> : null}
      <Group justify="flex-end" mt="md">
        {dialog.cancelBtn ? (
          <Button variant="default" onClick={cancelConfirm} disabled={busy}>
            Cancel
          </Button>
        ) : null}
        <Button onClick={() => void runConfirm()} loading={busy} data-autofocus>
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
