// The new key, shown this once.
import { API_KEY_TEXTS, type TApiKeyCreated } from '@salesdesk/contract';
import { ShownOnceDialog } from '../ui/shown-once-dialog';

export const KeyShownDialog = ({ created, onDone }: { created: TApiKeyCreated; onDone: () => void }) => (
  <ShownOnceDialog
    title={API_KEY_TEXTS.createdTitle}
    warning={API_KEY_TEXTS.shownOnce}
    value={created.key}
    testId="api-key-value"
    onDone={onDone}
  />
);
