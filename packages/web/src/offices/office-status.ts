// Activate / suspend / show / hide offices with the spec's confirmations (spec 1 section 4).
import { CONFIRM_TEXTS } from '@salesdesk/contract';
import { confirmDialog } from '../ui/dialogs';

type Apply = (change: { ids: number[]; active?: boolean; hidden?: boolean }) => Promise<unknown>;

/** Activating one row asks nothing; bulk activation, suspension and show/hide ask first. */
export async function changeActive(apply: Apply, ids: number[], active: boolean): Promise<boolean> {
  if (active && ids.length === 1) {
    await apply({ ids, active });
    return true;
  }
  return confirmDialog({
    heading: active ? CONFIRM_TEXTS.activateOffices : CONFIRM_TEXTS.suspendOffice,
    onConfirm: () => apply({ ids, active }),
  });
}

export function changeHidden(apply: Apply, ids: number[], hidden: boolean): Promise<boolean> {
  return confirmDialog({ heading: CONFIRM_TEXTS.showHideOffice, onConfirm: () => apply({ ids, hidden }) });
}
