// A webhook's signing secret, shown this once (at creation or after a rotation).
import { WEBHOOK_TEXTS } from '@salesdesk/contract';
import { ShownOnceDialog } from '../ui/shown-once-dialog';

export const SecretShownDialog = (p: { title: string; secret: string; onDone: () => void }) => (
  <ShownOnceDialog
    title={p.title}
    warning={WEBHOOK_TEXTS.secretShownOnce}
    value={p.secret}
    testId="webhook-secret"
    onDone={p.onDone}
  />
);
