// Deleting a link type, confirmed with the spec's text (spec 2 section 4).
import { LINK_TYPE_TEXTS } from '@salesdesk/contract';
import { confirmDialog } from '../ui/dialogs';
import { showNote } from '../ui/notes';

/** True once deleted; a failed delete closes the confirmation with no change. */
export async function confirmDeleteLinkType(
  typename: string,
  remove: () => Promise<unknown>,
): Promise<boolean> {
  const done = await confirmDialog({
    heading: LINK_TYPE_TEXTS.deleteConfirm,
    subject: typename,
    confirmLabel: 'Delete',
    danger: true,
    onConfirm: remove,
  });
  if (done) showNote({ type: 'success', heading: 'Operation Complete' });
  return done;
}
