// Confirm and alert dialogs as promises: a tiny external store that DialogsHost (dialogs.tsx) renders.
// Kept apart from the modals so the first page load need not fetch them.
import { useSyncExternalStore } from 'react';

export type TConfirmOptions = {
  heading: string;
  /** The rows it acts on, named under the heading: the heading stays the spec's text word for word. */
  subject?: string | readonly string[];
  /** Server-sanitised html shown under the heading. */
  html?: string;
  /** Plain text under the subject: what the action does, when the heading cannot say it all. */
  body?: string;
  /** A checkbox of a choice the action offers (unchecked at first); its state reaches onConfirm. */
  option?: { label: string };
  confirmLabel?: string;
  /** A destructive action (reject, suspend, delete, reverse, close): the confirm button is red. */
  danger?: boolean;
  cancelBtn?: boolean;
  /** A text typed before confirming (a reason); the confirm is refused while `check` answers a message. */
  input?: TConfirmInput;
  /** Receives the typed text ('' without an input) and whether the option is checked. */
  onConfirm: (text: string, checked: boolean) => Promise<unknown> | unknown;
};

export type TConfirmInput = {
  label: string;
  /** The field's error for the typed text, null when it may be sent (the contract's rule and message). */
  check: (text: string) => string | null;
};
/** How many names a confirmation lists before '... and N more'. */
export const SUBJECT_NAMES_SHOWN = 5;

/** The subject line: one name, or a list of names cut after SUBJECT_NAMES_SHOWN. */
export function subjectText(subject: string | readonly string[]): string {
  if (typeof subject === 'string') return subject;
  const shown = subject.slice(0, SUBJECT_NAMES_SHOWN).join(', ');
  const more = subject.length - SUBJECT_NAMES_SHOWN;
  return more > 0 ? `${shown} and ${more} more` : shown;
}

export type TAlertOptions = { content: string; contentType: 'html' | 'text' };
/** hidden is the absence of a dialog; closed resolves the promise and hides it again. */
export type ConfirmPhase = 'visible' | 'loading';

export type ConfirmState = TConfirmOptions & {
  phase: ConfirmPhase;
  resolve: (ok: boolean) => void;
  text: string;
  checked: boolean;
  /** The input's error, shown after a refused confirm until the text changes. */
  error: string | null;
};
export type AlertState = TAlertOptions & { resolve: () => void };
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
    publish({
      confirm: {
        cancelBtn: true,
        ...options,
        phase: 'visible',
        resolve,
        text: '',
        checked: false,
        error: null,
      },
    });
  });
}

/** The confirm's option checkbox. */
export function setConfirmChecked(checked: boolean) {
  const current = state.confirm;
  if (current?.phase === 'visible') publish({ confirm: { ...current, checked } });
}

/** The confirm's typed text; a change clears the error of a refused confirm. */
export function setConfirmText(text: string) {
  const current = state.confirm;
  if (current?.phase === 'visible') publish({ confirm: { ...current, text, error: null } });
}

export async function runConfirm() {
  const current = state.confirm;
  if (!current || current.phase === 'loading') return;
  const error = current.input?.check(current.text) ?? null;
  if (error) {
    publish({ confirm: { ...current, error } });
    return;
  }
  publish({ confirm: { ...current, phase: 'loading' } });
  let ok = true;
  try {
    await current.onConfirm(current.text, current.checked);
  } catch {
    // A failed action closes the dialog with no change; the caller's api layer reports the error.
    ok = false;
  }
  if (state.confirm?.resolve === current.resolve) closeConfirm(ok);
}

export function cancelConfirm() {
  if (state.confirm?.phase === 'visible') closeConfirm(false);
}

/** Shows text or html with a single 'Enter' button; resolves when dismissed. */
export function alertDialog(options: TAlertOptions): Promise<void> {
  state.alert?.resolve();
  return new Promise<void>((resolve) => publish({ alert: { ...options, resolve } }));
}

export function dismissAlert() {
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
