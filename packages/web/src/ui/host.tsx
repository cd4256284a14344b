// Everything the ui kit renders outside the page: notes and dialogs. Mount once inside MantineProvider.
import { lazy, Suspense } from 'react';
import { useDialogsState } from './dialog-store';
import { NotesHost } from './notes';

// The modals load with the first dialog: the login page does not need them.
const DialogsHost = lazy(async () => ({ default: (await import('./dialogs')).DialogsHost }));

export function UiHost() {
  const { confirm, alert } = useDialogsState();
  return (
    <>
      <NotesHost />
      {confirm || alert ? (
        <Suspense fallback={null}>
          <DialogsHost />
        </Suspense>
      ) : null}
    </>
  );
}
