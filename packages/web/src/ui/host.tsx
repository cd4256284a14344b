// Everything the ui kit renders outside the page: notes and dialogs. Mount once inside MantineProvider.
import { DialogsHost } from './dialogs';
import { NotesHost } from './notes';

export function UiHost() {
  return (
    <>
      <NotesHost />
      <DialogsHost />
    </>
  );
}
