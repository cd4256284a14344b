// Activate / suspend / show / hide offices with the spec's confirmations (spec 1 section 4).
import { CONFIRM_TEXTS } from '@salesdesk/contract';
import { confirmDialog } from '../ui/dialogs';

type Apply = (change: { ids: number[]; active?: boolean; hidden?: boolean }) => Promise<unknown>;

/** Where the change starts: a row's own button, or the multi-select bar. */
export type StatusSource = 'row' | 'bulk';

/** Only a row's Activate asks nothing; the bar's Activate confirms even for one selected office. */
export function changeActive(
  apply: Apply,
  ids: number[],
  active: boolean,
  source: StatusSource,
): Promise<boolean> {
  if (active && source === 'row') {
    // apiFetch has already shown the error note; false tells the caller nothing changed.
    return apply({ ids, active }).then(
      () => true,
      () => false,
    );
  }
  return confirmDialog({
    heading: active ? CONFIRM_TEXTS.activateOffices : CONFIRM_TEXTS.suspendOffice,
    onConfirm: () => apply({ ids, active }),
  });
}

export function changeHidden(apply: Apply, ids: number[], hidden: boolean): Promise<boolean> {
  return confirmDialog({ heading: CONFIRM_TEXTS.showHideOffice, onConfirm: () => apply({ ids, hidden }) });
}
