// Activate / suspend a site with the spec's confirmation (spec 2 section 4): activating sets
// 'Use CardApprove, Sale', suspending unsets it; a failed update closes the confirmation with no change.
import { SITE_TEXTS, type TSiteStatus } from '@salesdesk/contract';
import { confirmDialog } from '../ui/dialogs';

type Apply = (change: TSiteStatus) => Promise<unknown>;

export function changeSiteStatus(
  apply: Apply,
  site: { id: number; sitename: string },
  status: boolean,
): Promise<boolean> {
  return confirmDialog({
    heading: status ? SITE_TEXTS.activateConfirm : SITE_TEXTS.suspendConfirm,
    subject: site.sitename,
    danger: !status,
    onConfirm: () => apply({ ids: [site.id], status }),
  });
}
