// Activate / suspend / show / hide offices with the spec's confirmations (spec 1 section 4).
import { CONFIRM_TEXTS } from '@salesdesk/contract';
import { confirmDialog } from '../ui/dialogs';

type Apply = (change: { ids: number[]; active?: boolean; hidden?: boolean }) => Promise<unknown>;
type Office = { companyId: number; officeName: string };
const idsOf = (offices: Office[]) => offices.map((o) => o.companyId);
const namesOf = (offices: Office[]) => offices.map((o) => o.officeName);

/** Where the change starts: a row's own button, or the multi-select bar. */
export type StatusSource = 'row' | 'bulk';

/** Only a row's Activate asks nothing; the bar's Activate confirms even for one selected office. */
export function changeActive(
  apply: Apply,
  offices: Office[],
  active: boolean,
  source: StatusSource,
): Promise<boolean> {
  const ids = idsOf(offices);
  if (active && source === 'row') {
    // apiFetch has already shown the error note; false tells the caller nothing changed.
    return apply({ ids, active }).then(
      () => true,
      () => false,
    );
  }
  return confirmDialog({
    heading: active ? CONFIRM_TEXTS.activateOffices : CONFIRM_TEXTS.suspendOffice,
    subject: namesOf(offices),
    danger: !active,
    onConfirm: () => apply({ ids, active }),
  });
}

export function changeHidden(apply: Apply, offices: Office[], hidden: boolean): Promise<boolean> {
  return confirmDialog({
    heading: CONFIRM_TEXTS.showHideOffice,
    subject: namesOf(offices),
    onConfirm: () => apply({ ids: idsOf(offices), hidden }),
  });
}
